import type { Page, TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { SOCIAL_SIGN_UP_TITLE } from '@resonant/contracts/social-sign-in';
import { expect, test } from './support/test.ts';
import {
  expectPath,
  profileButton,
  signUpThroughApi,
  submitSignIn,
  uniqueEmail,
} from './support/app.ts';
import { continueWith, DEV_GOOGLE, signInAtDevProvider } from './support/dev-identity.ts';
import { shotPath } from './support/shots.ts';

const PASSWORD = 'Two-Factor#2026';

/** The authenticator's code `steps` time steps from now, as an app holding `secret` shows it. */
function codeOf(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function openSettings(page: Page) {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expectPath(page, '/user/settings');
}

/**
 * Enrols an authenticator app in Settings as a person would: the key read from the dialog, its
 * code computed as the app would, the recovery codes confirmed. Answers the key.
 */
async function enrolInSettings(page: Page, testInfo?: TestInfo): Promise<string> {
  await openSettings(page);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('manual-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (testInfo) await page.screenshot({ path: shotPath(testInfo, 'two-factor-enrol-dialog.png') });
  await dialog
    .getByRole('textbox', { name: /Code from your authenticator app/ })
    .fill(await codeOf(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  if (testInfo)
    await page.screenshot({ path: shotPath(testInfo, 'two-factor-recovery-codes.png') });
  const done = codesDialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await codesDialog.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await done.click();
  await expect(codesDialog).toBeHidden();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  return secret;
}

async function signOutInUi(page: Page) {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectPath(page, '/');
}

test('enrol an authenticator app in Settings, then sign in with its code', async ({
  page,
  request,
}, testInfo) => {
  const email = await signUpThroughApi(request, 'mfa', PASSWORD);
  await page.goto('/');
  await submitSignIn(page, email, PASSWORD);
  await expectPath(page, '/user');
  const secret = await enrolInSettings(page, testInfo);

  await signOutInUi(page);
  await submitSignIn(page, email, PASSWORD);
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  await expect(profileButton(page)).toHaveCount(0);
  await page.screenshot({ path: shotPath(testInfo, 'two-factor-sign-in-step.png') });
  // The code of the enrolment is spent: the app's next one (within the one-step window).
  await step.getByRole('textbox', { name: /Authentication code/ }).fill(await codeOf(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectPath(page, '/user');
  await expect(profileButton(page)).toBeVisible();
});

test('a social sign-in of an account with a second factor asks for its code too', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mfa-social');
  await page.goto('/login');
  await continueWith(page, DEV_GOOGLE).click();
  await signInAtDevProvider(page, {
    email,
    firstName: 'Sol',
    lastName: 'Social',
    gender: 'Female',
    birthDate: '1990-05-17',
  });
  await expectPath(page, '/signup/social');
  const almostThere = page.getByRole('form', { name: SOCIAL_SIGN_UP_TITLE });
  await almostThere.getByRole('button', { name: 'Sign Up' }).click();
  await expectPath(page, '/welcome');
  const secret = await enrolInSettings(page);
  await signOutInUi(page);

  await continueWith(page, DEV_GOOGLE).click();
  await signInAtDevProvider(page, { email });
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  // The challenge came in the fragment and is gone from the address bar.
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.hash === '');
  await expect(profileButton(page)).toHaveCount(0);
  await step.getByRole('textbox', { name: /Authentication code/ }).fill(await codeOf(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectPath(page, '/user');
});
