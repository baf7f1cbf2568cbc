import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInThroughApi, toast } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';

/** An organisation of its own with three groups, and two members who may become group admins. */
function buildTeams(request: APIRequestContext) {
  return buildOrg(request, {
    groups: [
      {
        name: 'Engineering',
        admins: [{ firstName: 'Gabriel', lastName: 'Lead' }],
        members: [
          { firstName: 'Amelia', lastName: 'Hughes' },
          { firstName: 'Noah', lastName: 'Okafor' },
        ],
      },
      { name: 'Leadership' },
      { name: 'Operations' },
    ],
  });
}

function groupsTable(page: Page) {
  return page.getByRole('table', { name: 'Groups' });
}

function adminsTable(page: Page) {
  return page.getByRole('table', { name: 'Group admins' });
}

/** Picks a user in the searchable picker of a dialog, typing enough to search for them. */
async function pickUser(page: Page, dialog: Locator, label: string, who: RegExp, text: string) {
  const input = dialog.getByRole('combobox', { name: label });
  await input.fill(text.slice(0, 2));
  // Under 3 characters nothing is searched (SPEC §5).
  await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
  await input.fill(text);
  await page.getByRole('option', { name: who }).click();
}

test.describe('org admin manages groups', () => {
  test('creates a group with an admin, renames it, changes its admins and deletes it', async ({
    page,
    request,
  }) => {
    const { admin } = await buildTeams(request);
    const suffix = Date.now().toString(36);
    const name = `Shift ${suffix}`;
    const renamed = `Shift Renamed ${suffix}`;

    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await sideMenu(page).getByRole('link', { name: 'Groups' }).click();
    await expectPath(page, '/org/groups');
    await expect(page.getByRole('heading', { name: 'Groups', exact: true })).toBeVisible();
    const table = groupsTable(page);
    await expect(table.getByRole('row', { name: /Engineering/ })).toBeVisible();
    // The Default group is listed first, and cannot be deleted (SPEC §2; decision 0022).
    await expect(table.getByRole('button', { name: 'Delete Default' })).toBeDisabled();

    // Add Group: Add stays disabled until the name is valid and unique and an admin is chosen.
    await page.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Group' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeDisabled();
    const nameInput = dialog.getByRole('textbox', { name: 'Group Name' });
    await nameInput.fill('engineering');
    await expect(dialog.getByText('A group with this name already exists')).toBeVisible();
    await nameInput.fill('Default');
    await expect(dialog.getByText('Default is a reserved group name')).toBeVisible();
    await nameInput.fill('Shift #1');
    await expect(dialog.getByText('Invalid characters')).toBeVisible();
    await nameInput.fill(name);
    await expect(add).toBeDisabled();
    await expect(dialog.getByPlaceholder('Search User (Min 3 chars)')).toBeVisible();
    await pickUser(page, dialog, 'Admins', /Amelia Hughes/, 'Amelia');
    await expect(add).toBeEnabled();
    await add.click();
    await expect(toast(page, 'Group created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');

    // The search box filters the list.
    await page.getByRole('textbox', { name: 'Search groups' }).fill(suffix);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('textbox', { name: 'Search groups' }).fill('');

    // Manage: the id is in the URL, so the page survives a reload.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/org\/group\/manage\?groupId=/);
    await page.reload();
    await expect(page.getByRole('heading', { name })).toBeVisible();

    const rename = page.getByRole('form', { name: 'Rename group' });
    const update = rename.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await rename.getByRole('textbox', { name: 'Group Name' }).fill('Leadership');
    await expect(rename.getByText('A group with this name already exists')).toBeVisible();
    await expect(update).toBeDisabled();
    await rename.getByRole('textbox', { name: 'Group Name' }).fill(renamed);
    await update.click();
    await expect(toast(page, 'Group updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(update).toBeDisabled();

    // Admins: the only admin cannot be removed; org admins are not listed.
    const admins = adminsTable(page);
    await expect(admins.getByRole('row')).toHaveCount(2);
    await expect(admins.getByRole('cell', { name: 'Amelia', exact: true })).toBeVisible();
    await expect(admins.getByRole('button', { name: /Remove .* as admin/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const addAdmin = page.getByRole('dialog', { name: 'Add Admin' });
    const addButton = addAdmin.getByRole('button', { name: 'Add', exact: true });
    await expect(addButton).toBeDisabled();
    const users = addAdmin.getByRole('combobox', { name: 'Users' });
    await users.fill('Noah');
    await page.getByRole('option', { name: /Noah Okafor/ }).click();
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expect(toast(page, 'Admin added successfully')).toBeVisible();
    await expect(addAdmin).toBeHidden();
    await expect(admins.getByRole('row')).toHaveCount(3);

    await admins.getByRole('button', { name: 'Remove Amelia Hughes as admin' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Admin' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(toast(page, 'Admin removed successfully')).toBeVisible();
    await expect(admins.getByRole('row')).toHaveCount(2);
    await expect(admins.getByRole('cell', { name: 'Noah', exact: true })).toBeVisible();
    await expect(admins.getByRole('button', { name: /Remove .* as admin/ })).toHaveCount(0);

    // Delete, with the spec's confirmation.
    await page.getByRole('button', { name: 'Delete Group' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Group' });
    await expect(confirm.getByText('Are you sure you want to delete this Group?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Group deleted successfully')).toBeVisible();
    await expectPath(page, '/org/groups');
    await expect(table.getByRole('row', { name: /Engineering/ })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  });

  test('a group row switches into that group', async ({ page, request }) => {
    const { admin } = await buildTeams(request);
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await page.goto('/org/groups');
    await groupsTable(page)
      .getByRole('row', { name: /Operations/ })
      .click();
    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Operations', { exact: true })).toBeVisible();
  });
});
