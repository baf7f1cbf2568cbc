import { expect, test } from './support/test.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectPath, sideMenu, signInViaUi, uniqueEmail } from './support/app.ts';
import { apiSession, buildOrg, type BuiltOrg, type Person } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

/** An organisation of its own with one group of three members and no readings at all. */
function buildQuietOrg(request: APIRequestContext) {
  return buildOrg(request, {
    groups: [
      {
        name: 'Quiet Team',
        members: [
          { firstName: 'Mila', lastName: 'Brandt' },
          { firstName: 'Abel', lastName: 'Young' },
          { firstName: 'Zora', lastName: 'Quinn' },
        ],
      },
    ],
  });
}

async function signInAs(page: Page, person: Person, home: string) {
  await signInViaUi(page, person.email, { password: person.password });
  await expectPath(page, home);
}

async function openUsers(page: Page, org: BuiltOrg) {
  await signInAs(page, org.admin, '/org');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/org/users');
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users of the organization' });
}

/** The open calendar of a date input (Mantine renders it in a portal). */
function calendar(page: Page) {
  return page.locator('[data-dates-dropdown]');
}

async function openAddUser(page: Page) {
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function escapeFromCalendar(page: Page, dialog: Locator) {
  await dialog.getByRole('textbox', { name: 'Date of Birth' }).click();
  await expect(calendar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toBeHidden();
}

test.describe('dialogs', () => {
  test('Esc on the date picker closes the calendar only; Add and Edit User keep their input', async ({
    page,
    request,
  }) => {
    const org = await buildQuietOrg(request);
    await openUsers(page, org);

    const add = await openAddUser(page);
    await add.getByRole('textbox', { name: 'First Name' }).fill('Edda');
    await escapeFromCalendar(page, add);
    await expect(add).toBeVisible();
    await expect(add.getByRole('textbox', { name: 'First Name' })).toHaveValue('Edda');
    await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);

    // Esc outside the calendar asks before the typed name is lost; Discard closes.
    await add.getByRole('textbox', { name: 'First Name' }).press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(add).toBeHidden();

    const member = org.groups[0]!.members[0]!;
    await usersTable(page)
      .getByRole('button', { name: `Edit ${member.fullName}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByRole('textbox', { name: 'Last Name' }).fill('Brandt-Neu');
    await escapeFromCalendar(page, edit);
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Brandt-Neu');
  });

  test('closing a dialog with unsaved input asks first; an untouched one just closes', async ({
    page,
    request,
  }) => {
    const org = await buildQuietOrg(request);
    await openUsers(page, org);

    const add = await openAddUser(page);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    await openAddUser(page);
    await add.getByRole('textbox', { name: 'Email' }).fill('typed@example.test');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    for (const close of [
      () => add.getByRole('button', { name: 'Close' }).click(),
      () => add.getByRole('button', { name: 'Cancel' }).click(),
      () => page.keyboard.press('Escape'),
    ]) {
      await close();
      await expect(question).toBeVisible();
      await expect(
        question.getByText('What you entered in this dialog will be lost.'),
      ).toBeVisible();
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await expect(question).toBeHidden();
      await expect(add.getByRole('textbox', { name: 'Email' })).toHaveValue('typed@example.test');
    }

    await add.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(add).toBeHidden();
    await openAddUser(page);
    await expect(add.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  test('one click on Send Invitation on the empty form shows every error', async ({
    page,
    request,
  }) => {
    const org = await buildQuietOrg(request);
    await signInAs(page, org.admin, '/org');
    await sideMenu(page).getByRole('link', { name: 'Invite Users', exact: true }).click();
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    // First name has the focus, so the click blurs it: its error must not swallow the click.
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    // First name, Last name, Email and Group.
    await expect(dialog.getByText('This field is required', { exact: true })).toHaveCount(4);
  });

  test('Add User refuses "Bob!" as a name (SPEC §5 name rule) and creates nobody', async ({
    page,
    request,
  }) => {
    const org = await buildQuietOrg(request);
    await openUsers(page, org);
    const add = await openAddUser(page);
    const email = uniqueEmail('bang');
    await add.getByRole('textbox', { name: 'First Name' }).fill('Bob!');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Bang');
    await add.getByRole('textbox', { name: 'Email' }).fill(email);
    await add.getByRole('textbox', { name: 'Password' }).fill('Welcome#42');
    await add.getByRole('textbox', { name: 'Groups' }).click();
    await page.getByRole('option', { name: 'Quiet Team' }).click();
    await add.getByRole('textbox', { name: 'Last Name' }).click();
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('Invalid characters', { exact: true })).toBeVisible();
    await expect(add).toBeVisible();

    const { headers } = await apiSession(request, org.admin.email, org.admin.password);
    const found = await request.get(`/api/org/users?search=${encodeURIComponent(email)}`, {
      headers,
    });
    expect((await found.json()).noOfRows).toBe(0);
  });
});

test('an organization and a group without readings show No Readings', async ({ page, request }) => {
  const org = await buildQuietOrg(request);
  await signInAs(page, org.admin, '/org');
  await expect(page.getByRole('heading', { name: 'No Readings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Latest Reading' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Groups with their HRV Trend' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, org.groups[0]!.admins[0]!, '/group');
  await expect(page.getByRole('heading', { name: 'No Readings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Latest Reading' })).toHaveCount(0);
});

test('the users table sorts by a column header, both ways', async ({ page, request }) => {
  const org = await buildQuietOrg(request);
  await openUsers(page, org);
  const table = usersTable(page);
  const header = table.getByRole('columnheader', { name: 'Name' });
  const firstName = table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(header).toHaveAttribute('aria-sort', 'none');

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstName).toHaveText(/^Abel Young/);

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(firstName).toHaveText(/^Zora Quinn/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the row actions of Users and Invitations stay in reach', async ({ page, request }) => {
    const org = await buildQuietOrg(request);
    const { headers } = await apiSession(request, org.admin.email, org.admin.password);
    const invited = await request.post('/api/org/invitation', {
      headers,
      data: {
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: uniqueEmail('phone'),
        role: 'user',
        groupId: org.groups[0]!.id,
      },
    });
    expect(invited.ok()).toBe(true);

    await page.goto('/');
    await signInAs(page, org.admin, '/org');
    await page.goto('/org/users');
    const member = org.groups[0]!.members[0]!;
    const edit = usersTable(page).getByRole('button', { name: `Edit ${member.fullName}` });
    await expect(edit).toBeInViewport();
    await page.screenshot({ path: shotPath(test.info(), 'org-users-375.png'), fullPage: true });
    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Edit User' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await page.goto('/org/invitation');
    const resend = page
      .getByRole('table', { name: 'Invitations' })
      .getByRole('button', { name: /^Resend invitation to / });
    await expect(resend).toBeInViewport();
    await page.screenshot({
      path: shotPath(test.info(), 'org-invitation-375.png'),
      fullPage: true,
    });
  });
});
