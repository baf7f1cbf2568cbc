import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInViaUi, uniqueEmail } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';

test('an import row with an unknown gender is listed as invalid, naming the allowed ones', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request);
  await signInViaUi(page, org.admin.email, { password: org.admin.password });
  await expectPath(page, '/org');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('link', { name: 'CSV Import' }).click();
  await expectPath(page, '/org/import');

  const [robot, blank, good] = ['robot', 'blank', 'good'].map((tag) =>
    uniqueEmail(`gender.${tag}`),
  );
  const csv = [
    'first_name,last_name,email,gender,birth_date',
    `Rita,Robot,${robot},Robot,1990-01-01`,
    `Nina,Blank,${blank},,1990-01-01`,
    `Gina,Good,${good},female,1990-01-01`,
  ].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'genders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import users' }).click();

  const summary = page.getByRole('dialog', { name: 'Invalid data' });
  await expect(summary.getByText('1 user invited, 2 rows failed.', { exact: false })).toBeVisible();
  const failed = summary.getByRole('table', { name: 'Rows that were not imported' });
  await expect(failed.getByRole('row', { name: robot })).toContainText(
    'Invalid gender: use Male, Female, Prefer not to disclose or Others',
  );
  await expect(failed.getByRole('row', { name: blank })).toContainText('Gender is required');
});
