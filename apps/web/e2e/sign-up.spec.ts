import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import {
  expectPath,
  signInForm,
  signUpForm,
  submitSignIn,
  toast,
  uniqueEmail,
} from './support/app.ts';
import {
  VERIFICATION_LINK_INVALID_MESSAGE,
  VERIFICATION_RESENT_MESSAGE,
} from '@resonant/contracts/email-verification';
import { DEMO } from './support/env.ts';
import { linkFromMail } from './support/mailbox.ts';
import { shotPath } from './support/shots.ts';

interface SignUpValues {
  firstName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  email: string;
  password: string;
}

async function fillSignUp(page: Page, form: Locator, values: SignUpValues) {
  await form.getByRole('textbox', { name: 'First Name' }).fill(values.firstName);
  await form.getByRole('textbox', { name: 'Last Name' }).fill(values.lastName);
  await form.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: values.gender, exact: true }).click();
  const birthDate = form.getByRole('textbox', { name: 'Date of Birth' });
  await birthDate.fill(values.birthDate);
  await birthDate.press('Escape');
  await form.getByRole('textbox', { name: 'Email' }).fill(values.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password);
}

const PASSWORD = 'Secret#123';

/** A screenshot of the page as it is, to be looked at (E2E_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: shotPath(test.info(), `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}
const ADA: SignUpValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'Female',
  birthDate: '1990-05-17',
  email: '',
  password: PASSWORD,
};

/** Fills the sign-up panel and sends it: the answer is "Check your inbox", with no session. */
async function signUpInPanel(page: Page, email: string) {
  await page.goto('/signup');
  const form = signUpForm(page);
  await fillSignUp(page, form, { ...ADA, email });
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-up'));
  await form.getByRole('button', { name: 'Sign Up' }).click();
  expect((await answer).status()).toBe(202);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
}

test.describe('sign-up panel', () => {
  // Issue 27: sign-up no longer signs in; the mailed link proves the address, then the person
  // signs in and, new, lands on /welcome.
  test('signs up, confirms the email by the mailed link, signs in and lands on /welcome', async ({
    page,
    request,
  }) => {
    await page.goto('/signup');
    await expect(signUpForm(page).getByRole('heading', { name: 'Create account' })).toBeVisible();
    // The sign-in panel is slid away and out of the accessibility tree.
    await expect(signInForm(page)).toHaveCount(0);

    const address = uniqueEmail('signup');
    await signUpInPanel(page, address);
    await shoot(page, 'sign-up-check-inbox');

    const link = await linkFromMail(request, address, '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email confirmed — sign in' })).toBeVisible();
    await shoot(page, 'verify-email-confirmed');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await submitSignIn(page, address, PASSWORD);

    await expectPath(page, '/welcome');
    await expect(
      page.getByRole('heading', { name: /Thank you for joining Resonant, Ada/ }),
    ).toBeVisible();
    await expect(page.getByText('Verify your email')).toHaveCount(0);

    // A new account is an individual user: the dashboard is the user area.
    await page.getByRole('link', { name: 'Open Dashboard' }).click();
    await expectPath(page, '/user');
    await expect(page.getByRole('button', { name: 'Profile menu of Ada Lovelace' })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByText(VERIFICATION_LINK_INVALID_MESSAGE)).toBeVisible();
  });

  test('an unconfirmed account signs in to a "Verify your email" banner, resends and confirms', async ({
    page,
    request,
  }) => {
    const address = uniqueEmail('unconfirmed');
    await signUpInPanel(page, address);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await submitSignIn(page, address, PASSWORD);
    await expectPath(page, '/user');
    const banner = page.getByRole('region', { name: 'Verify your email' });
    await expect(banner).toContainText(address);
    await shoot(page, 'verify-email-banner');

    await banner.getByRole('button', { name: 'Send me the link' }).click();
    await expect(toast(page, VERIFICATION_RESENT_MESSAGE)).toBeVisible();
    const link = await linkFromMail(request, address, '/verify-email', 1);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expectPath(page, '/user');
    await expect(page.getByText('Verify your email')).toHaveCount(0);
  });

  test('signing up with an email that has an account answers exactly as for a new one', async ({
    page,
    request,
  }) => {
    const address = uniqueEmail('taken');
    const first = await request.post('/api/auth/sign-up', {
      data: { ...ADA, email: address, firstName: 'Taken' },
    });
    expect(first.status()).toBe(202);
    // Same address in another case: emails are compared case-insensitively.
    await signUpInPanel(page, address.toUpperCase());
    await expectPath(page, '/signup');
  });
});

test.describe('sign-in panel', () => {
  test('a wrong password shows the server message at the bottom centre and stays on /', async ({
    page,
  }) => {
    await page.goto('/');
    await submitSignIn(page, DEMO.orgAdmin, 'Wrong#password1');
    const error = toast(page, 'Invalid email or password');
    await expect(error).toBeVisible();
    await expectPath(page, '/');
    await expect(signInForm(page).getByRole('textbox', { name: 'Email' })).toHaveValue(
      DEMO.orgAdmin,
    );

    // SPEC §8/§9: toasts sit at the bottom centre and close after 5 seconds.
    const box = await error.boundingBox();
    const viewport = page.viewportSize();
    expect(box).not.toBeNull();
    expect(viewport).not.toBeNull();
    if (box && viewport) {
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(4);
      expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.8);
    }
    await expect(error).toBeHidden({ timeout: 8_000 });
  });

  test('an unknown email gets the same error and no session', async ({ page }) => {
    await page.goto('/');
    await submitSignIn(page, uniqueEmail('nobody'), 'Whatever#123');
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expectPath(page, '/');
    await page.goto('/user');
    await expectPath(page, '/', '?redirectTo=%2Fuser');
  });
});
