import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env.ts';

/** The sign-in form; the sign-up form is in the DOM too, so every selector is scoped. */
export function signInForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Sign in' });
}

export function signUpForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Create account' });
}

/** A Mantine notification (toast) carrying exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** A fresh address for each sign-up, so tests never depend on one another. */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Fills and submits the sign-in form of the auth screen the page is on. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = signInForm(page);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the auth screen (optionally with a redirectTo) and signs in through the UI. */
export async function signInViaUi(
  page: Page,
  email: string,
  options: { password?: string; redirectTo?: string } = {},
) {
  const search = options.redirectTo
    ? `?${new URLSearchParams({ redirectTo: options.redirectTo }).toString()}`
    : '';
  await page.goto(`/${search}`);
  await submitSignIn(page, email, options.password);
}

/**
 * Signs in without the form, for journeys that only need to be signed in: the sign-in call goes
 * through the page's own context, so the browser holds its refresh cookie, and the auth screen
 * then opened (with the redirectTo, if any) restores that session and sends the user where the
 * form would have. Quicker than signInViaUi, which journeys about the sign-in form keep using.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  options: { password?: string; redirectTo?: string } = {},
) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email, password: options.password ?? DEMO_PASSWORD },
  });
  expect(response.ok(), `API sign-in of ${email}: ${await response.text()}`).toBe(true);
  // An account with a second factor answers a challenge instead: that journey needs the form.
  expect(await response.json(), `API sign-in of ${email} opened a session`).toHaveProperty('token');
  const search = options.redirectTo
    ? `?${new URLSearchParams({ redirectTo: options.redirectTo }).toString()}`
    : '';
  await page.goto(`/${search}`);
}

/** Asserts the current URL path (and, when given, the exact query string). */
export async function expectPath(page: Page, pathname: string, search = '') {
  await expect(page).toHaveURL((url) => url.pathname === pathname && url.search === search);
}

/** The top bar's profile button; its name carries the user's full name. */
export function profileButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Profile menu of / });
}

/** The org/group switcher; its name is 'Select Org or Group: ' and where the user works now. */
export function switcherButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Select Org or Group/ });
}

export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/**
 * An account of its own (an individual user), signed up through the API with `password`; it
 * answers "check your inbox", and an account not yet proven may still sign in. Its email.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  tag: string,
  password: string,
): Promise<string> {
  const email = uniqueEmail(tag);
  const response = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password,
      firstName: 'Paula',
      lastName: 'Password',
      gender: 'Female',
      birthDate: '1988-08-08',
    },
  });
  expect(response.status()).toBe(202);
  return email;
}
