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
import { DEMO } from './support/env.ts';

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

test.describe('sign-up panel', () => {
  test('signs up through the panel and lands on /welcome, then in the user area', async ({
    page,
  }) => {
    await page.goto('/signup');
    const form = signUpForm(page);
    await expect(form.getByRole('heading', { name: 'Create account' })).toBeVisible();
    // The sign-in panel is slid away and out of the accessibility tree.
    await expect(signInForm(page)).toHaveCount(0);

    const address = uniqueEmail('signup');
    await fillSignUp(page, form, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'Female',
      birthDate: '1990-05-17',
      email: address,
      password: 'Secret#123',
    });
    await form.getByRole('button', { name: 'Sign Up' }).click();

    await expect(toast(page, 'You are signed up successfully, logging you in now!')).toBeVisible();
    await expectPath(page, '/welcome');
    await expect(page.getByRole('link', { name: 'Open Dashboard' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /Thank you for joining Resonant, Ada/ }),
    ).toBeVisible();

    // A new account is an individual user: the dashboard is the user area.
    await page.getByRole('link', { name: 'Open Dashboard' }).click();
    await expectPath(page, '/user');
    await expect(page.getByRole('button', { name: 'Profile menu of Ada Lovelace' })).toBeVisible();
  });

  test('signing up again with the same email shows the server message and keeps the values', async ({
    page,
    request,
  }) => {
    const address = uniqueEmail('taken');
    const first = await request.post('/api/auth/sign-up', {
      data: {
        email: address,
        password: 'Secret#123',
        firstName: 'Taken',
        lastName: 'Account',
        gender: 'Male',
        birthDate: '1980-01-01',
      },
    });
    expect(first.status()).toBe(201);

    await page.goto('/signup');
    const form = signUpForm(page);
    // Same address in another case: emails are compared case-insensitively.
    const typedEmail = address.toUpperCase();
    await fillSignUp(page, form, {
      firstName: 'Grace',
      lastName: 'Hopper',
      gender: 'Others',
      birthDate: '1985-12-09',
      email: typedEmail,
      password: 'Secret#123',
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-up'));
    await form.getByRole('button', { name: 'Sign Up' }).click();
    expect((await answer).status()).toBe(409);

    await expect(toast(page, 'An account with this email already exists')).toBeVisible();
    await expectPath(page, '/signup');
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
    await expect(form.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
    await expect(form.getByRole('combobox', { name: 'Gender' })).toHaveValue('Others');
    await expect(form.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('1985-12-09');
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(typedEmail);
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(
      'Secret#123',
    );
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
