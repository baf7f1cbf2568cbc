import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInThroughApi, toast } from './support/app.ts';
import { apiSession, buildOrg } from './support/org-builder.ts';

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users of the group' });
}

function bodyRows(table: ReturnType<typeof usersTable>) {
  return table.locator('tbody tr');
}

test('a group admin removes a user from their group, and the removal holds', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, {
    groups: [
      {
        admins: [{ firstName: 'Gus', lastName: 'Lead' }],
        members: [
          { firstName: 'Mia', lastName: 'Stone' },
          { firstName: 'Leo', lastName: 'Park' },
        ],
      },
    ],
  });
  const [team] = org.groups;
  const [lead] = team!.admins;
  const [mia, leo] = team!.members;

  await signInThroughApi(page, lead!.email, { password: lead!.password });
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/group/participants');

  // One table with the users list's columns and the group area's figures; no tabs.
  await expect(page.getByRole('tab')).toHaveCount(0);
  const table = usersTable(page);
  for (const header of [
    'Name',
    'Email',
    'User type',
    'Group admin',
    'Last reading',
    'Average RMSSD (ms)',
    'Last activity',
    'Last activity type',
    'Signup date',
    'Payer',
  ]) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(bodyRows(table)).toHaveCount(3);
  // Nobody removes themselves, and a group admin loses the role before leaving the group.
  await expect(
    table.getByRole('button', { name: `Remove ${lead!.fullName} from the group` }),
  ).toHaveCount(0);

  // The confirmation says what goes and what stays.
  await table.getByRole('button', { name: `Remove ${mia!.fullName} from the group` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from group' });
  await expect(dialog).toContainText(`Remove ${mia!.fullName} from the group ${team!.name}?`);
  await expect(dialog).toContainText('They stay in the organization and its Default group');
  await dialog.getByRole('button', { name: 'Remove from group' }).click();
  await expect(toast(page, 'User removed from the group')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(table).filter({ hasText: mia!.fullName })).toHaveCount(0);
  await expect(bodyRows(table).filter({ hasText: leo!.fullName })).toHaveCount(1);

  await page.reload();
  await expect(bodyRows(usersTable(page)).filter({ hasText: leo!.fullName })).toHaveCount(1);
  await expect(bodyRows(usersTable(page)).filter({ hasText: mia!.fullName })).toHaveCount(0);

  // Only the group lost her: she is still a member of the organization.
  const { headers } = await apiSession(request, org.admin.email, org.admin.password);
  const users = await request.get(`/api/org/users?search=${encodeURIComponent(mia!.email)}`, {
    headers,
  });
  expect(users.ok()).toBe(true);
  const { list } = (await users.json()) as { list: { user_id: string }[] };
  expect(list.map((user) => user.user_id)).toEqual([mia!.id]);
});

test('the Default group is listed like any group, with what would change it disabled', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, { groups: [{ members: 1 }] });
  const [team] = org.groups;

  await signInThroughApi(page, org.admin.email, { password: org.admin.password });
  await expectPath(page, '/org');
  await sideMenu(page).getByRole('link', { name: 'Groups', exact: true }).click();
  await expectPath(page, '/org/groups');
  const groups = page.getByRole('table', { name: 'Groups' });
  await expect(groups.locator('tbody tr').first()).toContainText('Default');
  await expect(groups.getByRole('button', { name: 'Delete Default' })).toBeDisabled();
  await expect(groups.getByRole('button', { name: `Delete ${team!.name}` })).toBeEnabled();

  // Its manage page shows the group, but rename, Add Admin and Delete are disabled.
  await groups.getByRole('button', { name: 'Edit Default' }).click();
  await expect(page).toHaveURL(/\/org\/group\/manage\?groupId=/);
  await expect(page.getByText('The Default group cannot be changed or deleted')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Group Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add Admin' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Group' })).toBeDisabled();

  // Switched into it, everyone is listed; nobody can be added to it or removed from it.
  await page.getByRole('link', { name: 'Back to Groups' }).click();
  await page.getByRole('table', { name: 'Groups' }).locator('tbody tr').first().click();
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  const table = usersTable(page);
  await expect(bodyRows(table).filter({ hasText: team!.members[0]!.fullName })).toHaveCount(1);
  await expect(bodyRows(table).filter({ hasText: team!.admins[0]!.fullName })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add New' })).toBeDisabled();
  await expect(table.getByRole('button', { name: /from the group$/ })).toHaveCount(0);
});
