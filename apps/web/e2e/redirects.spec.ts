import { expect, test } from './support/test.ts';
import {
  expectPath,
  profileButton,
  sideMenu,
  signInForm,
  signInViaUi,
  submitSignIn,
} from './support/app.ts';
import { APP_ADMIN, DEMO } from './support/env.ts';

const INVITE_NOTE = 'Note: Please SignIn or SignUp To Join This Invitation';
const LIFETIME_NOTE = 'Note: Please SignIn or SignUp To Claim The Lifetime Membership';

test('a private route while signed out goes to / with redirectTo, and sign-in returns there', async ({
  page,
}) => {
  await page.goto('/org/users');
  await expectPath(page, '/', '?redirectTo=%2Forg%2Fusers');
  await expect(signInForm(page)).toBeVisible();

  await submitSignIn(page, DEMO.orgAdmin);
  await expectPath(page, '/org/users');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Users' }),
  ).toBeVisible();
});

test('the redirectTo keeps the query string of the private route', async ({ page }) => {
  await page.goto('/group/participants/profile?id=42');
  await expectPath(
    page,
    '/',
    `?${new URLSearchParams({ redirectTo: '/group/participants/profile?id=42' })}`,
  );
  await submitSignIn(page, DEMO.groupAdmin);
  await expectPath(page, '/group/participants/profile', '?id=42');
});

test('a group admin with a refused redirectTo lands on /group', async ({ page }) => {
  await signInViaUi(page, DEMO.groupAdmin, { redirectTo: '/org/users' });
  await expectPath(page, '/group');
});

test('the app admin with a refused redirectTo lands on /admin', async ({ page }) => {
  await signInViaUi(page, APP_ADMIN.email, { password: APP_ADMIN.password, redirectTo: '/org' });
  await expectPath(page, '/admin');
});

test('a redirectTo that leaves the site is refused', async ({ page }) => {
  await signInViaUi(page, DEMO.member, { redirectTo: '//evil.example/user' });
  await expectPath(page, '/user');
});

test('a redirect to an invitation shows the invitation note', async ({ page }) => {
  await page.goto('/process-invite?it=x');
  await expectPath(page, '/', `?${new URLSearchParams({ redirectTo: '/process-invite?it=x' })}`);
  await expect(page.getByText(INVITE_NOTE, { exact: true })).toBeVisible();
  await expect(page.getByText(LIFETIME_NOTE, { exact: true })).toHaveCount(0);

  await submitSignIn(page, DEMO.member);
  await expectPath(page, '/process-invite', '?it=x');
});

test('a redirect to a lifetime membership claim shows the claim note', async ({ page }) => {
  await page.goto(
    `/?${new URLSearchParams({ redirectTo: '/process-life-time-membership-invite?it=x' })}`,
  );
  await expect(page.getByText(LIFETIME_NOTE, { exact: true })).toBeVisible();
  await expect(page.getByText(INVITE_NOTE, { exact: true })).toHaveCount(0);
});

test('the auth screen shows no note without an invitation redirect', async ({ page }) => {
  await page.goto(`/?${new URLSearchParams({ redirectTo: '/org/users' })}`);
  await expect(signInForm(page)).toBeVisible();
  await expect(page.getByText(/^Note: Please SignIn or SignUp/)).toHaveCount(0);
});

test('a signed-in member opening /org is sent to /user', async ({ page }) => {
  await signInViaUi(page, DEMO.member);
  await expectPath(page, '/user');
  await page.goto('/org');
  await expectPath(page, '/user');
  await expect(profileButton(page)).toBeVisible();
});

test('a signed-in user opening the auth screen is sent home', async ({ page }) => {
  await signInViaUi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await page.goto('/login');
  await expectPath(page, '/group');
});

test('a reload keeps the user signed in on the same page', async ({ page }) => {
  await signInViaUi(page, DEMO.orgAdmin);
  await expectPath(page, '/org');
  await sideMenu(page).getByRole('link', { name: 'Reports' }).click();
  await expectPath(page, '/org/reports');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Reports' }),
  ).toBeVisible();

  const restored = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.reload();
  expect((await restored).status()).toBe(200);
  await expectPath(page, '/org/reports');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Reports' }),
  ).toBeVisible();
  await expect(profileButton(page)).toHaveAccessibleName('Profile menu of Olivia Admin (OA)');
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Resonant' }).click();
  await expectPath(page, '/');
  await expect(signInForm(page)).toBeVisible();
});
