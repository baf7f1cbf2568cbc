import type { Page } from '@playwright/test';
import { ACCOUNT_DELETED_MESSAGE } from '@resonant/contracts/account-deletion';
import { INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import { expectPath, signInForm, signInThroughApi, submitSignIn, toast } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/** The page at 1440 and 375 px wide, full length, to be looked at. */
async function shoot(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 1000 : 800 });
    await page.screenshot({ path: shotPath(test.info(), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

// Issue 28: the member sees an admin's download of their readings, then deletes the account.
test('a member sees who downloaded their readings, then deletes the account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const org = await buildOrg(request, {
    groups: [{ admins: 1, members: 1 }],
    readingsPerMember: 2,
  });
  const member = org.groups[0]!.members[0]!;

  // The org admin downloads the member's readings on Reports.
  await signInThroughApi(page, org.admin.email, {
    password: org.admin.password,
    redirectTo: '/org/reports',
  });
  await expectPath(page, '/org/reports');
  const users = page.getByRole('combobox', { name: 'Users' });
  await users.click();
  await users.fill(member.fullName);
  await page.getByRole('option', { name: member.fullName }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await page.getByRole('menuitem', { name: 'The picked users' }).click();
  await downloading;

  // The member, in a fresh session, finds it in the access log in plain words.
  await page.context().clearCookies();
  await signInThroughApi(page, member.email, {
    password: member.password,
    redirectTo: '/user/data',
  });
  await expectPath(page, '/user/data');
  const log = page.getByRole('table', { name: 'Access log' });
  const row = log.getByRole('row').nth(1);
  await expect(row).toContainText(org.admin.fullName);
  await expect(row).toContainText(`Organization Admin of ${org.name}`);
  await expect(row).toContainText('downloaded your readings as CSV');
  await shoot(page, 'your-data-access-log');

  // Deleting the account: what goes, the password, DELETE; then a goodbye, signed out.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('every reading and session you recorded');
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await shoot(page, 'delete-account-dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, ACCOUNT_DELETED_MESSAGE)).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
  await shoot(page, 'account-deleted-goodbye');

  // The account is gone: its email and password no longer sign in.
  await submitSignIn(page, member.email, member.password);
  await expect(toast(page, INVALID_CREDENTIALS_MESSAGE)).toBeVisible();
  await expect(signInForm(page)).toBeVisible();
});
