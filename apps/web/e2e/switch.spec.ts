import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  expectPath,
  profileButton,
  sideMenu,
  signInThroughApi,
  switcherButton,
} from './support/app.ts';
import { DEMO, MENUS } from './support/env.ts';
import { buildOrg } from './support/org-builder.ts';

/** An organisation of its own, so where its admin last switched to concerns no other journey. */
function buildSwitchableOrg(request: APIRequestContext) {
  return buildOrg(request, { groups: [{ name: 'Engineering' }, { name: 'Leadership' }] });
}

test.describe('org admin', () => {
  test('switches into a group and back to the organization', async ({ page, request }) => {
    const org = await buildSwitchableOrg(request);
    await signInThroughApi(page, org.admin.email, { password: org.admin.password });
    await expectPath(page, '/org');
    await expect(sideMenu(page).getByText(org.name, { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toHaveCount(0);

    await switcherButton(page).click();
    const switcher = page.getByRole('menu');
    await expect(switcher.getByRole('menuitem', { name: `${org.name} (current)` })).toBeVisible();
    await switcher.getByRole('menuitem', { name: 'Engineering' }).click();

    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Engineering', { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('link')).toHaveText(MENUS.group);
    const backToOrg = sideMenu(page).getByRole('button', { name: 'Back to Org' });
    await expect(backToOrg).toBeVisible();
    // Inside the group the org admin acts as a group admin.
    await profileButton(page).click();
    await expect(page.getByRole('menu').getByText('Group Admin', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await backToOrg.click();
    await expectPath(page, '/org');
    await expect(sideMenu(page).getByRole('link')).toHaveText(MENUS.org);
    await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toHaveCount(0);
    await profileButton(page).click();
    await expect(
      page.getByRole('menu').getByText('Organization Admin', { exact: true }),
    ).toBeVisible();
  });

  test('the chosen group survives a reload and is where the next sign-in lands', async ({
    page,
    request,
  }) => {
    const { admin } = await buildSwitchableOrg(request);
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await switcherButton(page).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Leadership' }).click();
    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Leadership', { exact: true })).toBeVisible();

    await page.reload();
    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Leadership', { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toBeVisible();

    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectPath(page, '/');
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Leadership', { exact: true })).toBeVisible();
  });
});

test('a group admin has no Back to Org and cannot pick the organization', async ({ page }) => {
  await signInThroughApi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await expect(sideMenu(page).getByText('Engineering', { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toHaveCount(0);

  await switcherButton(page).click();
  const switcher = page.getByRole('menu');
  await expect(switcher.getByRole('menuitem', { name: 'Engineering (current)' })).toBeVisible();
  await expect(switcher.getByText('Demo Org', { exact: true })).toBeVisible();
  await expect(switcher.getByRole('menuitem', { name: /Demo Org/ })).toHaveCount(0);
});
