import { expect, test } from './support/test.ts';
import { expectPath, profileButton, sideMenu, signInViaUi, switcherButton } from './support/app.ts';
import { APP_ADMIN, DEMO, DEMO_PASSWORD, MENUS } from './support/env.ts';

interface RoleCase {
  role: string;
  email: string;
  password: string;
  home: string;
  name: string;
  roleLabel: string;
  menu: string[];
  billingSettings: boolean;
  switcher: boolean;
}

const CASES: RoleCase[] = [
  {
    role: 'org admin',
    email: DEMO.orgAdmin,
    password: DEMO_PASSWORD,
    home: '/org',
    name: 'Olivia Admin',
    roleLabel: 'Organization Admin',
    menu: MENUS.org,
    billingSettings: true,
    switcher: true,
  },
  {
    role: 'group admin',
    email: DEMO.groupAdmin,
    password: DEMO_PASSWORD,
    home: '/group',
    name: 'Gabriel Lead',
    roleLabel: 'Group Admin',
    menu: MENUS.group,
    billingSettings: false,
    switcher: true,
  },
  {
    role: 'member',
    email: DEMO.member,
    password: DEMO_PASSWORD,
    home: '/user',
    name: 'Amelia Hughes',
    roleLabel: 'Individual User',
    menu: MENUS.user,
    billingSettings: false,
    switcher: true,
  },
  {
    role: 'app admin',
    email: APP_ADMIN.email,
    password: APP_ADMIN.password,
    home: '/admin',
    name: 'App Admin',
    roleLabel: 'App Admin',
    menu: MENUS.admin,
    billingSettings: false,
    switcher: false,
  },
];

for (const role of CASES) {
  test(`${role.role} lands on ${role.home} inside the ${role.roleLabel} frame`, async ({
    page,
  }) => {
    await signInViaUi(page, role.email, { password: role.password });
    await expectPath(page, role.home);

    await expect(
      page.getByRole('banner').getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeVisible();
    await expect(sideMenu(page).getByRole('link')).toHaveText(role.menu);
    await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    if (role.switcher) await expect(switcherButton(page)).toBeVisible();
    else await expect(switcherButton(page)).toHaveCount(0);

    const profile = profileButton(page);
    const initials = role.name
      .split(' ')
      .map((part) => part.charAt(0))
      .join('');
    await expect(profile).toHaveAccessibleName(`Profile menu of ${role.name} (${initials})`);
    await profile.click();
    const popover = page.getByRole('menu');
    await expect(popover.getByText(role.email, { exact: true })).toBeVisible();
    await expect(popover.getByText(role.name, { exact: true }).first()).toBeVisible();
    // The role label comes after the name and email (the app admin's name is 'App Admin' too).
    await expect(popover.getByText(role.roleLabel, { exact: true }).last()).toBeVisible();
    await expect(popover).toContainText(`${role.name}${role.email}${role.roleLabel}`);
    await expect(popover.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(popover.getByRole('menuitem', { name: 'Billing Settings' })).toHaveCount(
      role.billingSettings ? 1 : 0,
    );
  });
}

test('the org admin reaches Billing Settings from the profile popover', async ({ page }) => {
  await signInViaUi(page, DEMO.orgAdmin);
  await expectPath(page, '/org');
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Billing Settings' }).click();
  await expectPath(page, '/org/billing-settings');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Billing Settings' }),
  ).toBeVisible();
  // Billing settings belong to the Billing History entry of the side menu.
  await expect(sideMenu(page).getByRole('link', { name: 'Billing History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the side menu navigates within the area and updates the page title', async ({ page }) => {
  await signInViaUi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Invite Users' }).click();
  await expectPath(page, '/group/invitation');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Invite Users' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Invite Users · Resonant');
});
