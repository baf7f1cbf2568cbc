import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { expectPath, sideMenu, signInForm, toast, uniqueEmail } from './support/app.ts';
import { DEMO, DEMO_PASSWORD } from './support/env.ts';
import { expectVisibleFocus, press, tabTo } from './support/keyboard.ts';
import { buildOrg } from './support/org-builder.ts';

/*
 * Keyboard-only journeys: after the first page.goto, every step is a key (Tab, Shift+Tab, Enter,
 * Space, arrows, Escape, typing), and every stop of the focus must show (support/keyboard.ts).
 */

// Each journey walks the focus through every stop on its way, and the axe guard checks each page.
test.describe.configure({ timeout: 60_000 });

/** Signs in on the auth screen with the keyboard alone. */
async function signInByKeyboard(page: Page, email: string, password: string) {
  await page.goto('/');
  const form = signInForm(page);
  await tabTo(page, form.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(email);
  await tabTo(page, form.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, form.getByRole('button', { name: 'Sign In' }));
  await press(page, 'Enter');
}

/** Follows a link of the side menu with the keyboard. */
async function openFromSideMenu(page: Page, name: string, path: string) {
  await tabTo(page, sideMenu(page).getByRole('link', { name, exact: true }));
  await press(page, 'Enter');
  await expectPath(page, path);
}

test('signs in from the auth screen to the dashboard', async ({ page }) => {
  await signInByKeyboard(page, DEMO.orgAdmin, DEMO_PASSWORD);
  await expectPath(page, '/org');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Dashboard' }),
  ).toBeVisible();
});

test('adds a user; Escape closes the dialog and gives the focus back', async ({
  page,
  request,
}) => {
  const { admin } = await buildOrg(request, { groups: [{ name: 'Engineering' }] });
  await signInByKeyboard(page, admin.email, admin.password);
  await expectPath(page, '/org');
  await openFromSideMenu(page, 'Users', '/org/users');

  const addNew = page.getByRole('button', { name: 'Add New' });
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  const firstName = dialog.getByRole('textbox', { name: 'First Name' });
  const focusInDialog = () => dialog.evaluate((box) => box.contains(document.activeElement));
  await tabTo(page, addNew);
  await press(page, 'Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(focusInDialog).toBe(true);
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(addNew).toBeFocused();
  await expectVisibleFocus(page);

  await press(page, 'Space');
  await expect.poll(focusInDialog).toBe(true);
  await tabTo(page, firstName);
  await page.keyboard.type('Edda');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Last Name' }));
  await page.keyboard.type('Keys');
  const email = uniqueEmail('keyboard');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(email);
  await tabTo(page, dialog.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type('Welcome#Edda#42');
  await tabTo(page, dialog.getByRole('combobox', { name: 'Groups' }));
  await page.keyboard.type('Engin');
  await expect(page.getByRole('option', { name: 'Engineering' })).toBeVisible();
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await expect(dialog.getByText('Engineering', { exact: true })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Add User' }));
  await press(page, 'Enter');
  // Hashing the password (argon2id) takes a moment on a busy machine.
  await expect(
    toast(
      page,
      'Invitation sent: the user joins your organization when they accept it or first sign in',
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
  // The new user joins at their first sign-in (issue 27).
  const joined = await request.post('/api/auth/sign-in', {
    data: { email, password: 'Welcome#Edda#42' },
  });
  expect(joined.ok()).toBe(true);

  // The search field comes before Add New, where the focus went back to.
  const search = page.getByRole('textbox', { name: 'Search users' });
  await tabTo(page, search, { back: true });
  await page.keyboard.type(email);
  const row = page
    .getByRole('table', { name: 'Users of the organization' })
    .getByRole('row', { name: /Edda Keys/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Internal', { exact: true })).toBeVisible();
});

test("picks a user in the reports' user picker and sees that user's readings", async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, { groups: [{ members: 2 }], readingsPerMember: 3 });
  const member = org.groups[0]!.members[0]!;
  await signInByKeyboard(page, org.admin.email, org.admin.password);
  await expectPath(page, '/org');
  await openFromSideMenu(page, 'Reports', '/org/reports');

  await tabTo(page, page.getByRole('combobox', { name: 'Users' }));
  await page.keyboard.type(member.firstName);
  await expect(page.getByRole('option', { name: member.fullName })).toBeVisible();
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  const search = page.getByRole('region', { name: 'Reports Search' });
  await expect(search.getByText(member.fullName)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Apply' }));
  await press(page, 'Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('users') === member.id);
  await expect(page.getByRole('img', { name: /^Time Domain line chart/ })).toHaveAccessibleName(
    new RegExp(`${member.fullName} · RMSSD \\(3 points\\)`),
  );
});
