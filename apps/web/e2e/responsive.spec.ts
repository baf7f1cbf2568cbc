import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import {
  expectPath,
  profileButton,
  sideMenu,
  signInForm,
  signInThroughApi,
  signUpForm,
  switcherButton,
} from './support/app.ts';
import { DEMO, MENUS } from './support/env.ts';

const PHONE = { width: 375, height: 812 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
}

test('the auth screen fits a phone and switches panels with links', async ({ page }) => {
  await page.goto('/');
  await expect(signInForm(page)).toBeInViewport();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Create an account' }).click();
  await expectPath(page, '/signup');
  await expect(signUpForm(page)).toBeInViewport();
  await expect(signInForm(page)).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  // Validation messages must not push the layout sideways either.
  await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
  await expect(signUpForm(page).getByText('First Name is required', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/login');
  await expect(signInForm(page)).toBeInViewport();
});

test('the org frame fits a phone and its side menu opens from the burger', async ({ page }) => {
  await signInThroughApi(page, DEMO.orgAdmin);
  await expectPath(page, '/org');
  await expect(profileButton(page)).toBeInViewport();
  await expect(switcherButton(page)).toBeInViewport();
  await expectNoHorizontalScroll(page);

  const menu = sideMenu(page);
  const usersLink = menu.getByRole('link', { name: 'Users', exact: true });
  await expect(usersLink).not.toBeInViewport();

  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();

  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(usersLink).toBeInViewport();
  await expect(menu.getByRole('link')).toHaveText(MENUS.org);
  await expectNoHorizontalScroll(page);

  // Choosing a page navigates and closes the drawer again.
  await usersLink.click();
  await expectPath(page, '/org/users');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Users' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(usersLink).not.toBeInViewport();
  await expectNoHorizontalScroll(page);
});
