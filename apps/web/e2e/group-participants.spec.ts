import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInViaUi, toast } from './support/app.ts';
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

  await signInViaUi(page, lead!.email, { password: lead!.password });
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

  await signInViaUi(page, org.admin.email, { password: org.admin.password });
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

test("a large group's table sorts every member, then pages them", async ({ page, request }) => {
  const members = Array.from({ length: 11 }, (_, index) => ({
    firstName: `Member ${String.fromCharCode(65 + index)}`,
  }));
  const org = await buildOrg(request, {
    groups: [{ admins: [{ firstName: 'Zed', lastName: 'Lead' }], members }],
  });
  const [lead] = org.groups[0]!.admins;

  await signInViaUi(page, lead!.email, { password: lead!.password });
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  const table = usersTable(page);
  // Twenty rows a page by default: all twelve fit; ten a page makes two pages.
  await expect(bodyRows(table)).toHaveCount(12);
  const pageSize = page.getByRole('textbox', { name: 'Rows per page' });
  await expect(pageSize).toHaveValue('20');
  await pageSize.click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(bodyRows(table)).toHaveCount(10);
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  // Descending by name puts the admin, last of all twelve, first: the sort orders every row.
  const nameHeader = table.getByRole('columnheader', { name: 'Name', exact: true });
  await nameHeader.getByRole('button').click();
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(table).first()).toContainText('Zed Lead');

  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(bodyRows(table)).toHaveCount(2);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(bodyRows(table).last()).toContainText('Member A');

  // A search starts again at the first page of its matches.
  await page.getByRole('textbox', { name: 'Search users' }).fill('Member');
  await expect(page.getByText('1–10 of 11')).toBeVisible();
});
