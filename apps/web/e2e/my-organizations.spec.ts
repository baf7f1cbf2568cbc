import { expect, test } from './support/test.ts';
import { expectPath, profileButton, sideMenu, signInThroughApi, toast } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

const NO_ORGANIZATIONS = "You're not in an organisation: your data is yours alone";

test('a member sees who administers their organisation, leaves it, and edits their name', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Building an organisation and two sign-ins: more than the default budget on a busy machine.
  test.slow();
  const org = await buildOrg(request, { groups: [{ name: 'Runners', admins: 1, members: 1 }] });
  const [runners] = org.groups;
  const lead = runners!.admins[0]!;
  const member = runners!.members[0]!;

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, member.email, { password: member.password });
  await expectPath(page, '/user');
  await sideMenu(page).getByRole('link', { name: 'My Organizations' }).click();
  await expectPath(page, '/user/organizations');
  const card = page.getByRole('region', { name: org.name });
  await expect(card.getByText(org.admin.fullName)).toBeVisible();
  await expect(card.getByText(`Group admins: ${lead.fullName}`)).toBeVisible();
  await expect(card.getByText('Raw optimal-zone data')).toBeVisible();
  await expect(card.getByText('CSV downloads')).toBeVisible();
  await page.screenshot({ path: shotPath(testInfo, 'my-organizations-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shotPath(testInfo, 'my-organizations-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await card.getByRole('button', { name: `Leave organisation ${org.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${org.name}?` });
  for (const words of [
    'Your readings and sessions stay yours and leave with you.',
    "The organisation's figures stop counting you at once.",
    'Its admins see you as removed and can no longer open your data.',
    'You need a new invitation to come back.',
  ]) {
    await expect(dialog.getByText(words)).toBeVisible();
  }
  await page.screenshot({ path: shotPath(testInfo, 'my-organizations-leave-1440.png') });
  await dialog.getByRole('button', { name: 'Leave organisation' }).click();
  await expect(toast(page, `You left ${org.name}`)).toBeVisible();
  await expect(page.getByText(NO_ORGANIZATIONS)).toBeVisible();

  // Settings, from the profile menu: the name is theirs to change.
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expectPath(page, '/user/settings');
  const profile = page.getByRole('form', { name: 'Your profile' });
  await profile.getByRole('textbox', { name: 'First Name' }).fill('Renamed');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Your profile was saved')).toBeVisible();
  await expect(profileButton(page)).toHaveAccessibleName(/Renamed/);
  await page.screenshot({ path: shotPath(testInfo, 'settings-profile-1440.png'), fullPage: true });

  // The org admin sees them as removed: Users no longer lists them.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughApi(adminPage, org.admin.email, { password: org.admin.password });
  await expectPath(adminPage, '/org');
  await sideMenu(adminPage).getByRole('link', { name: 'Users', exact: true }).click();
  const users = adminPage.getByRole('table', { name: 'Users of the organization' });
  await expect(users.getByRole('row', { name: new RegExp(lead.fullName) })).toBeVisible();
  await expect(users.getByRole('row', { name: new RegExp(member.lastName) })).toHaveCount(0);
  await adminContext.close();
});
