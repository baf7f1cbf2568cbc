import { expect, test } from './support/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthResponse } from '@resonant/contracts/auth';
import { expectPath, sideMenu, signInThroughApi, toast, uniqueEmail } from './support/app.ts';
import { DEMO } from './support/env.ts';
import { apiSession, buildOrg, type Person } from './support/org-builder.ts';

/** Add User's one answer, whether or not the email has an account (issue 27). */
const ADDED =
  'Invitation sent: the user joins your organization when they accept it or first sign in';

/** An organisation of its own: Engineering with Amelia Hughes, and Operations with one member. */
function buildStaff(request: APIRequestContext) {
  return buildOrg(request, {
    groups: [
      { name: 'Engineering', members: [{ firstName: 'Amelia', lastName: 'Hughes' }] },
      { name: 'Operations', members: 1 },
    ],
  });
}

async function openUsers(page: Page, admin: Person) {
  await signInThroughApi(page, admin.email, { password: admin.password });
  await expectPath(page, '/org');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/org/users');
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users of the organization' });
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search users' }).fill(text);
}

test.describe('org admin', () => {
  test('sees the stat cards and adds a user to a group; the user signs in', async ({
    page,
    request,
  }) => {
    // Add User, a first sign-in and a reload: more than the default budget on a busy machine.
    test.slow();
    const { admin } = await buildStaff(request);
    await openUsers(page, admin);
    for (const label of ['Active Users', 'Internal Users', 'External Users', 'Total Users']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(usersTable(page).getByRole('row', { name: /Amelia Hughes/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    const email = uniqueEmail('added');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Edda');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Added');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('Welcome#Edda#42');
    await dialog.getByRole('textbox', { name: 'Date of Birth' }).fill('1993-03-09');
    await dialog.getByRole('combobox', { name: 'Groups' }).click();
    await page.getByRole('option', { name: 'Engineering' }).click();
    await dialog.getByRole('textbox', { name: 'Last Name' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    // Hashing the password (argon2id) takes a moment on a busy machine.
    await expect(toast(page, ADDED)).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
    // Invited, as anyone added by email (issue 27): not a member until they act.
    await search(page, email);
    await expect(usersTable(page).getByText('No user matches your search')).toBeVisible();

    // The password went encrypted and arrived intact: the new user signs in with it and is in,
    // but must replace it (an admin typed it) before anything else.
    const signIn = await request.post('/api/auth/sign-in', {
      data: { email, password: 'Welcome#Edda#42' },
    });
    expect(signIn.status()).toBe(200);
    expect(((await signIn.json()) as AuthResponse).user.passwordChangeRequired).toBe(true);
    await page.reload();
    await search(page, email);
    const row = usersTable(page).getByRole('row', { name: /Edda Added/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('Internal', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Edit Edda Added' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByText('Engineering', { exact: true })).toBeVisible();
    await expect(edit.getByRole('checkbox', { name: 'Organization Admin' })).not.toBeChecked();
    // Signed in, the profile is hers: shown, not editable by the organisation.
    await expect(edit.getByText(/belong to this person/)).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  test('imports a CSV with one bad row and sees it listed with its reason', async ({
    page,
    request,
  }) => {
    const { admin } = await buildStaff(request);
    await openUsers(page, admin);
    await page.getByRole('link', { name: 'CSV Import' }).click();
    await expectPath(page, '/org/import');
    await expect(page.getByRole('table', { name: 'Columns of the import file' })).toBeVisible();
    await expect(page.getByText('Only .csv files, at most 10 MB.')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    expect((await downloading).suggestedFilename()).toBe('resonant-users-template.csv');

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a csv'),
    });
    await expect(page.getByText('Please upload file having extension .csv only.')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Import users' })).toBeDisabled();

    const good = [uniqueEmail('import.one'), uniqueEmail('import.two')];
    const csv = [
      'first_name,last_name,email,gender,birth_date,group',
      `Ines,Imported,${good[0]},Female,1988-08-08,Engineering`,
      'Bad,Row,not-an-email,Male,1990-01-01,',
      `Kofi,Imported,${good[1]},Male,1979-01-31,Operations`,
    ].join('\n');
    await fileInput.setInputFiles({
      name: 'team.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Import users' }).click();

    const errors = page.getByRole('dialog', { name: 'Invalid data' });
    await expect(errors).toBeVisible();
    await expect(
      errors.getByText('2 users invited, 1 row failed.', { exact: false }),
    ).toBeVisible();
    const failed = errors.getByRole('table', { name: 'Rows that were not imported' });
    await expect(failed.getByRole('columnheader', { name: 'Username' })).toBeVisible();
    await expect(failed.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    await expect(failed.getByRole('row', { name: /not-an-email/ })).toContainText(
      'Please enter a valid email.',
    );
    // The footer's Close: the header's × is named Close too.
    await errors.getByRole('button', { name: 'Close' }).last().click();

    // Uploading the same file again invites nobody twice.
    await page.getByRole('button', { name: 'Import users' }).click();
    await expect(
      errors.getByText('0 users invited, 2 already members or invited (skipped), 1 row failed.', {
        exact: false,
      }),
    ).toBeVisible();
    await errors.getByRole('button', { name: 'Close' }).last().click();

    // They are invited: the invitations list shows what the file said, until they accept.
    await page.goto('/org/invitation');
    await expect(
      page.getByRole('table', { name: 'Invitations' }).getByRole('row', { name: /Imported/ }),
    ).toHaveCount(2);
  });

  test('changes a payer and sees Payer changed successfully', async ({ page, request }) => {
    const { admin, groups } = await buildStaff(request);
    const member = groups[1]!.members[0]!;
    await openUsers(page, admin);
    await search(page, member.email);
    const row = usersTable(page).getByRole('row', { name: new RegExp(member.email) });
    const payer = row.getByRole('button', { name: /^Payer of .*: Org\. Change payer$/ });
    await expect(payer).toBeVisible();

    await payer.click();
    await page.getByRole('menuitem', { name: 'User pays' }).click();
    await expect(toast(page, 'Payer changed successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: /: User\. Change payer$/ })).toBeVisible();
    await expect(row.getByText('External', { exact: true })).toBeVisible();

    // And back again.
    await row.getByRole('button', { name: /: User\. Change payer$/ }).click();
    await page.getByRole('menuitem', { name: 'Organization pays' }).click();
    await expect(row.getByRole('button', { name: /: Org\. Change payer$/ })).toBeVisible();
  });

  test('cannot remove itself nor drop its own admin role; removes another user', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('removed');
    const { admin } = await buildStaff(request);
    await openUsers(page, admin);
    await search(page, admin.email);
    const own = usersTable(page).getByRole('row', { name: new RegExp(admin.fullName) });
    await expect(own.getByText('Admin', { exact: true })).toBeVisible();
    await expect(own.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await own.getByRole('button', { name: `Edit ${admin.fullName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByRole('textbox', { name: 'First Name' })).toHaveValue(admin.firstName);
    await expect(edit.getByRole('checkbox', { name: 'Organization Admin' })).toHaveCount(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Someone to remove, added through the import API.
    const { headers } = await apiSession(request, admin.email, admin.password);
    const imported = await request.post('/api/org/users/import', {
      headers,
      multipart: {
        file: {
          name: 'one.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'first_name,last_name,email,gender,birth_date,password\n' +
              `Rita,Removed,${email},Female,1990-02-02,Welcome#Rita#42\n`,
          ),
        },
      },
    });
    expect(imported.ok()).toBe(true);
    // She joins at her first sign-in with the password the file gave her.
    const joined = await request.post('/api/auth/sign-in', {
      data: { email, password: 'Welcome#Rita#42' },
    });
    expect(joined.ok()).toBe(true);

    await search(page, email);
    const row = usersTable(page).getByRole('row', { name: /Rita Removed/ });
    await row.getByRole('button', { name: 'Remove Rita Removed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove user' });
    await expect(
      confirm.getByText('Are you sure you want to remove user from organization?'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'User removed from organization')).toBeVisible();
    await expect(usersTable(page).getByText('No user matches your search')).toBeVisible();
  });
});

test('a group admin sees the reduced users view', async ({ page }) => {
  await signInThroughApi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  // SPEC §6: the reduced users view, mounted in the group area's Users page.
  const table = page.getByRole('table', { name: 'Users of the group' });
  await expect(table).toBeVisible();
  await search(page, 'group.admin@');
  await expect(table.getByRole('row', { name: /Gabriel Lead/ })).toBeVisible();
  // Only the group's users: member01 is in Leadership, not in the group admin's Engineering.
  await search(page, 'member01@');
  await expect(table.getByText('No user matches your search')).toBeVisible();
  await search(page, '');
  await expect(page.getByText('Active Users', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'CSV Import' })).toHaveCount(0);
  // Group admins take users out of the group only, never out of the organization.
  await expect(table.getByRole('button', { name: /^Remove (?!.* from the group$)/ })).toHaveCount(
    0,
  );
  await expect(table.getByRole('button', { name: /Change payer$/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add New' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await expect(add.getByText('The user joins Engineering.')).toBeVisible();
  await expect(add.getByRole('combobox', { name: 'Groups' })).toHaveCount(0);
  await add.getByRole('button', { name: 'Cancel' }).click();

  await table
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('textbox', { name: 'First Name' })).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Groups' })).toHaveCount(0);
  await expect(edit.getByRole('checkbox', { name: 'Organization Admin' })).toHaveCount(0);
});
