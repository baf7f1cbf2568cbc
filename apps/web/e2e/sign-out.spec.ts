import { expect, test } from './support/test.ts';
import {
  expectPath,
  profileButton,
  signInForm,
  submitSignIn,
  switcherButton,
  toast,
} from './support/app.ts';
import { DEMO } from './support/env.ts';

test('signing out from the profile popover ends the session for good', async ({ page }) => {
  await page.goto('/');
  await submitSignIn(page, DEMO.orgAdmin);
  await expectPath(page, '/org');

  await profileButton(page).click();
  const signedOut = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/sign-out'),
  );
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  expect((await signedOut).status()).toBe(204);
  await expectPath(page, '/');
  await expect(signInForm(page)).toBeVisible();
  await expect(profileButton(page)).toHaveCount(0);

  await page.goto('/org');
  await expectPath(page, '/', '?redirectTo=%2Forg');
  await expect(signInForm(page)).toBeVisible();

  const refreshed = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/refresh'),
  );
  await page.reload();
  expect((await refreshed).status()).toBe(204);
  await expectPath(page, '/', '?redirectTo=%2Forg');
  await expect(signInForm(page)).toBeVisible();
  await expect(profileButton(page)).toHaveCount(0);
});

test('a session revoked out of band signs the page out with Unauthorized', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in'));
  // The switcher loads the user's orgs and groups as soon as the frame shows.
  const mappingsLoaded = page.waitForResponse((response) =>
    response.url().endsWith('/api/switch/orgs_and_groups'),
  );
  await submitSignIn(page, DEMO.orgAdmin);
  const { token } = (await (await signedIn).json()) as { token: string };
  expect(token).toBeTruthy();
  await expectPath(page, '/org');
  expect((await mappingsLoaded).ok()).toBe(true);

  const revoked = await request.post('/api/auth/sign-out', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(204);

  // The next call of the page carries the revoked token.
  await switcherButton(page).click();
  const rejected = page.waitForResponse(
    (response) => response.url().endsWith('/api/switch') && response.request().method() === 'POST',
  );
  await page.getByRole('menuitem', { name: 'Engineering' }).click();
  expect((await rejected).status()).toBe(401);

  await expect(toast(page, 'Unauthorized')).toBeVisible();
  await expectPath(page, '/');
  await expect(signInForm(page)).toBeVisible();
  await expect(profileButton(page)).toHaveCount(0);

  // The refresh token went with the session: a reload does not bring it back.
  const refreshed = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/refresh'),
  );
  await page.reload();
  expect((await refreshed).status()).toBe(204);
  await expectPath(page, '/');
  await expect(signInForm(page)).toBeVisible();
});
