import { encryptForTransport } from '../../api/test/transport-password.ts';
import { expect, test } from './support/test.ts';
import {
  expectPath,
  profileButton,
  signInForm,
  signInViaUi,
  submitSignIn,
  uniqueEmail,
} from './support/app.ts';
import { linkFromMail } from './support/mailbox.ts';
import { apiSession, buildOrg, TEMPORARY_PASSWORD } from './support/org-builder.ts';

test('a password an admin set is replaced at the first sign-in', async ({ page, request }) => {
  const org = await buildOrg(request);
  const admin = await apiSession(request, org.admin.email, org.admin.password);
  const key = await request.get('/api/auth/public-key', { headers: admin.headers });
  const { public_key } = (await key.json()) as { public_key: string };
  const email = uniqueEmail('temporary');
  const added = await request.post('/api/org/users', {
    headers: admin.headers,
    data: {
      firstName: 'Tia',
      lastName: 'Temp',
      email,
      gender: 'Female',
      birthDate: '1992-02-02',
      password: encryptForTransport(public_key, TEMPORARY_PASSWORD),
      groupIds: [org.defaultGroupId],
    },
  });
  expect(added.status()).toBe(201);

  await signInViaUi(page, email, { password: TEMPORARY_PASSWORD });
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  // Nothing else of the app is there: no frame, no menu.
  await expect(profileButton(page)).toHaveCount(0);
  await form
    .getByRole('textbox', { name: 'Temporary password', exact: true })
    .fill(TEMPORARY_PASSWORD);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('password1');
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('password1');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'too common' })).toBeVisible();

  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Tia#Own#Choice7');
  await form
    .getByRole('textbox', { name: 'Confirm new password', exact: true })
    .fill('Tia#Own#Choice7');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expectPath(page, '/user');
  await expect(profileButton(page)).toBeVisible();

  // The temporary password is gone; the chosen one signs in.
  await page.context().clearCookies();
  await page.goto('/');
  await submitSignIn(page, email, TEMPORARY_PASSWORD);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await submitSignIn(page, email, 'Tia#Own#Choice7');
  await expectPath(page, '/user');
});

test('forgot password: the mailed link sets a new one, then it signs in', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request);
  const { email } = org.admin;
  await page.goto('/');
  await signInForm(page).getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent it a link');

  await page.goto(await linkFromMail(request, email, '/reset-password', { subjectHas: 'Reset' }));
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Reset#Journey#88');
  await form
    .getByRole('textbox', { name: 'Confirm new password', exact: true })
    .fill('Reset#Journey#88');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await submitSignIn(page, email, 'Reset#Journey#88');
  await expectPath(page, '/org');
});

test('sign out everywhere ends the other browser’s session too', async ({
  page,
  browser,
  request,
}) => {
  const org = await buildOrg(request);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInViaUi(otherPage, org.admin.email, { password: org.admin.password });
  await expectPath(otherPage, '/org');

  await signInViaUi(page, org.admin.email, { password: org.admin.password });
  await expectPath(page, '/org');
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expectPath(page, '/user/settings');
  const devices = page.getByRole('table', { name: 'Signed-in devices' });
  await expect(devices.getByRole('row')).toHaveCount(3);
  await expect(devices.getByText('This device')).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText('this one too');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expectPath(page, '/');
  await expect(signInForm(page)).toBeVisible();

  await otherPage.reload();
  await expect(signInForm(otherPage)).toBeVisible();
  await expect(profileButton(otherPage)).toHaveCount(0);
  await other.close();
});
