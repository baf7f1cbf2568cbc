import { expect, test } from './support/test.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectPath, signInThroughApi, uniqueEmail } from './support/app.ts';
import { apiSession, buildOrg, type Person } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

/** An organisation of its own with one group of three members and no readings at all. */
function buildQuietOrg(request: APIRequestContext) {
  return buildOrg(request, {
    groups: [
      {
        name: 'Quiet Team',
        members: [
          { firstName: 'Mila', lastName: 'Brandt' },
          { firstName: 'Abel', lastName: 'Young' },
          { firstName: 'Zora', lastName: 'Quinn' },
        ],
      },
    ],
  });
}

async function signInAs(page: Page, person: Person, home: string) {
  await signInThroughApi(page, person.email, { password: person.password });
  await expectPath(page, home);
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users of the organization' });
}

test('an organization and a group without readings show No Readings', async ({ page, request }) => {
  const org = await buildQuietOrg(request);
  await signInAs(page, org.admin, '/org');
  await expect(page.getByRole('heading', { name: 'No Readings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Latest Reading' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Groups with their HRV Trend' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, org.groups[0]!.admins[0]!, '/group');
  await expect(page.getByRole('heading', { name: 'No Readings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Latest Reading' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the row actions of Users and Invitations stay in reach', async ({ page, request }) => {
    const org = await buildQuietOrg(request);
    const { headers } = await apiSession(request, org.admin.email, org.admin.password);
    const invited = await request.post('/api/org/invitation', {
      headers,
      data: {
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: uniqueEmail('phone'),
        role: 'user',
        groupId: org.groups[0]!.id,
      },
    });
    expect(invited.ok()).toBe(true);

    await page.goto('/');
    await signInAs(page, org.admin, '/org');
    await page.goto('/org/users');
    const member = org.groups[0]!.members[0]!;
    const edit = usersTable(page).getByRole('button', { name: `Edit ${member.fullName}` });
    // Below the banners and cards on a phone, but never off the side of the table.
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport();
    await page.screenshot({ path: shotPath(test.info(), 'org-users-375.png'), fullPage: true });
    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Edit User' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await page.goto('/org/invitation');
    const resend = page
      .getByRole('table', { name: 'Invitations' })
      .getByRole('button', { name: /^Resend invitation to / });
    await resend.scrollIntoViewIfNeeded();
    await expect(resend).toBeInViewport();
    await page.screenshot({
      path: shotPath(test.info(), 'org-invitation-375.png'),
      fullPage: true,
    });
  });
});
