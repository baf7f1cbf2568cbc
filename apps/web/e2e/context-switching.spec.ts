import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  expectPath,
  sideMenu,
  signInForm,
  signInThroughApi,
  switcherButton,
} from './support/app.ts';
import { apiSession, buildOrg, type BuiltOrg } from './support/org-builder.ts';

/** Sends one invitation in the org the admin switches into, then leaves the admin there. */
async function inviteInto(request: APIRequestContext, org: BuiltOrg, lastName: string) {
  const { headers } = await apiSession(request, org.admin.email, org.admin.password);
  const switched = await request.post('/api/switch', {
    headers,
    data: { currentOrgId: org.id, currentGroupId: null, currentUserType: 'org' },
  });
  expect(switched.ok()).toBe(true);
  const email = `e2e.invitee.${lastName.toLowerCase()}.${Date.now()}@example.test`;
  const invited = await request.post('/api/org/invitation', {
    headers,
    data: { firstName: 'Ivy', lastName, email, role: 'user', groupId: org.groups[0]!.id },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  return email;
}

function main(page: Page) {
  return page.getByRole('main');
}

/** Every API answer that is an error, and every console error, from now on. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

test('an admin of two organizations sees only the second one’s lists after switching to it', async ({
  page,
  request,
}) => {
  const first = await buildOrg(request, { groups: [{ members: 1 }] });
  const second = await buildOrg(request, { admin: first.admin, groups: [{ members: 1 }] });
  const secondInvitee = await inviteInto(request, second, 'Second');
  // Invited last in the first org, so the sign-in lands there.
  const firstInvitee = await inviteInto(request, first, 'First');
  const firstGroup = first.groups[0]!;
  const secondGroup = second.groups[0]!;

  await signInThroughApi(page, first.admin.email, { password: first.admin.password });
  await expectPath(page, '/org');
  await expect(switcherButton(page)).toHaveAccessibleName(`Select Org or Group: ${first.name}`);

  // Fill the caches with the first organization's lists.
  await sideMenu(page).getByRole('link', { name: 'Groups' }).click();
  await expect(main(page).getByText(firstGroup.name, { exact: true })).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(main(page).getByText(firstGroup.members[0]!.email)).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Invite Users' }).click();
  await expect(main(page).getByText(firstInvitee)).toBeVisible();

  await switcherButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: second.name }).click();
  await expectPath(page, '/org');
  await expect(switcherButton(page)).toHaveAccessibleName(`Select Org or Group: ${second.name}`);

  await sideMenu(page).getByRole('link', { name: 'Groups' }).click();
  await expect(main(page).getByText(secondGroup.name, { exact: true })).toBeVisible();
  await expect(main(page).getByText(firstGroup.name, { exact: true })).toHaveCount(0);

  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(main(page).getByText(secondGroup.members[0]!.email)).toBeVisible();
  await expect(main(page).getByText(firstGroup.members[0]!.email)).toHaveCount(0);

  await sideMenu(page).getByRole('link', { name: 'Invite Users' }).click();
  await expect(main(page).getByText(secondInvitee)).toBeVisible();
  await expect(main(page).getByText(firstInvitee)).toHaveCount(0);
});

test('an org admin in org context who opens a group page is offered the groups, and the page opens in the one chosen', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, { groups: [{ members: 1 }, { members: 1 }] });
  const [chosen, other] = org.groups as [BuiltOrg['groups'][number], BuiltOrg['groups'][number]];
  const failures = watchFailures(page);

  // The redirect allow-list lets an org admin be sent to /group/participants after sign-in.
  await signInThroughApi(page, org.admin.email, {
    password: org.admin.password,
    redirectTo: '/group/participants',
  });
  await expectPath(page, '/group/participants');
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Switch to a group' }),
  ).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Choose a group' })).toBeVisible();
  // The frame is still the organization's: where the admin actually works.
  await expect(switcherButton(page)).toHaveAccessibleName(`Select Org or Group: ${org.name}`);
  await expect(sideMenu(page).getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: other.name, exact: true })).toBeVisible();

  await main(page).getByRole('button', { name: chosen.name, exact: true }).click();
  await expectPath(page, '/group/participants');
  await expect(sideMenu(page).getByText(chosen.name, { exact: true })).toBeVisible();
  await expect(switcherButton(page)).toHaveAccessibleName(
    `Select Org or Group: ${org.name} › ${chosen.name}`,
  );
  await expect(main(page).getByText(chosen.members[0]!.fullName).first()).toBeVisible();
  await expect(main(page).getByText(other.members[0]!.fullName)).toHaveCount(0);

  // The other way round is unambiguous: the group's own organization, switched to at once.
  await page.goto('/org/users');
  await expectPath(page, '/org/users');
  await expect(switcherButton(page)).toHaveAccessibleName(`Select Org or Group: ${org.name}`);
  await expect(sideMenu(page).getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(main(page).getByText(other.members[0]!.email)).toBeVisible();

  await expect(page.getByText('No current group', { exact: false })).toHaveCount(0);
  expect(failures).toEqual([]);
});

test('Back to Org asks nothing more of the group it leaves', async ({ page, request }) => {
  const org = await buildOrg(request, { groups: [{ members: 2 }], readingsPerMember: 2 });
  const group = org.groups[0]!;
  await signInThroughApi(page, org.admin.email, { password: org.admin.password });
  await expectPath(page, '/org');

  await switcherButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: group.name }).click();
  await expectPath(page, '/group');
  await expect(main(page).getByText(group.members[0]!.fullName).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const failures = watchFailures(page);
  const groupCalls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/api\/(group\/|hrv_analytics\/group_users_trends)|type=group/.test(url)) {
      groupCalls.push(url);
    }
  });
  const switched = page.waitForResponse((response) => response.url().endsWith('/api/switch'));
  await sideMenu(page).getByRole('button', { name: 'Back to Org' }).click();
  await switched;
  // The switch's last call is the profile refresh a second after it (SPEC §9): once that has
  // answered and the page is idle, nothing more can ask for the group.
  const refreshed = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && response.url().endsWith('/api/user/profile'),
  );
  await expectPath(page, '/org');
  await expect(switcherButton(page)).toHaveAccessibleName(`Select Org or Group: ${org.name}`);
  await expect(main(page).getByText(group.name, { exact: true })).toBeVisible();
  await refreshed;
  await page.waitForLoadState('networkidle');

  expect(groupCalls).toEqual([]);
  expect(failures).toEqual([]);
});

test('a signed-out visit logs no error', async ({ page }) => {
  const failures = watchFailures(page);
  const restore = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.goto('/org/users');
  expect((await restore).status()).toBe(204);
  await expectPath(page, '/', '?redirectTo=%2Forg%2Fusers');
  await expect(signInForm(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});
