import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './support/test.ts';
import { expectPath, profileButton, submitSignIn, uniqueEmail } from './support/app.ts';
import { shotPath } from './support/shots.ts';

const PASSWORD = 'Two-Factor#2026';

/** A password account of its own (an individual user), signed up through the API. */
async function passwordAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('mfa');
  const response = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Tess',
      lastName: 'Totp',
      gender: 'Female',
      birthDate: '1990-02-02',
    },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** The authenticator's code `steps` time steps from now, as an app holding `secret` shows it. */
function codeOf(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function openSettings(page: Page) {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expectPath(page, '/user/settings');
}

test('enrol an authenticator app in Settings, then sign in with its code', async ({
  page,
  request,
}, testInfo) => {
  const email = await passwordAccount(request);
  await page.goto('/');
  await submitSignIn(page, email, PASSWORD);
  await expectPath(page, '/user');
  await openSettings(page);

  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('manual-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: shotPath(testInfo, 'two-factor-enrol-dialog.png') });
  await dialog
    .getByRole('textbox', { name: /Code from your authenticator app/ })
    .fill(await codeOf(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  await page.screenshot({ path: shotPath(testInfo, 'two-factor-recovery-codes.png') });
  const done = codesDialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await codesDialog.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await done.click();
  await expect(codesDialog).toBeHidden();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectPath(page, '/');

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
