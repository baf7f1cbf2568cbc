import { expect, test } from './support/test.ts';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  expectPath,
  profileButton,
  signInThroughApi,
  signInViaUi,
  signUpForm,
  submitSignIn,
  toast,
  uniqueEmail,
} from './support/app.ts';
import { APP_ADMIN, DEMO } from './support/env.ts';
import { linkFromMail } from './support/mailbox.ts';
import { apiSession, buildOrg, type Person } from './support/org-builder.ts';

const NOT_VALID = 'Invitation link is not valid!!';
const CLAIM_NOT_VALID = 'Sorry the claim link does not seem to be valid!!';
const INVITE_NOTE = 'Note: Please SignIn or SignUp To Join This Invitation';
const CLAIM_NOTE = 'Note: Please SignIn or SignUp To Claim The Lifetime Membership';
const PASSWORD = 'Invitee#2026';

/** An organisation of its own, with one group to invite into, for each journey. */
async function buildInvitingOrg(request: APIRequestContext): Promise<Person> {
  const { admin } = await buildOrg(request, { groups: [{}] });
  return admin;
}

/** The org admin invites `email` through the API into its org's first group. */
async function inviteByApi(
  request: APIRequestContext,
  admin: Person,
  email: string,
  role = 'user',
) {
  const { headers } = await apiSession(request, admin.email, admin.password);
  const groups = await request.get('/api/org/invitation/groups', { headers });
  const { list } = (await groups.json()) as { list: { id: string; is_default: boolean }[] };
  const group = list.find((candidate) => !candidate.is_default)!;
  const response = await request.post('/api/org/invitation', {
    headers,
    data: { firstName: 'Iris', lastName: 'Invitee', email, role, groupId: group.id },
  });
  expect(response.status()).toBe(201);
  return linkFromMail(request, email, '/process-invite');
}

/** An account for `email`, signed up through the API (the journey below signs up in the UI). */
async function signUpByApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Iris',
      lastName: 'Invitee',
      gender: 'Female',
      birthDate: '1990-05-06',
    },
  });
  expect(response.status()).toBe(202);
}

/**
 * Signs up on the auth screen the page is on (the visitor came from a link), then signs in
 * from "Check your inbox" without opening the confirmation link: the invitation's or claim's own
 * link proves the address (issue 27).
 */
async function signUpInUi(page: Page, email: string) {
  await page
    .getByRole('button', { name: 'Sign Up', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  const form = signUpForm(page);
  await form.getByRole('textbox', { name: 'First Name' }).fill('Nora');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Newcomer');
  await form.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  const birthDate = form.getByRole('textbox', { name: 'Date of Birth' });
  await birthDate.fill('1992-03-04');
  await birthDate.press('Escape');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitSignIn(page, email, PASSWORD);
}

/** A signed-out browser, as the recipient opening the mail has. */
async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

function invitationRow(page: Page, email: string): Locator {
  return page.getByRole('row').filter({ hasText: email });
}

test.describe('invitations', () => {
  test('org admin invites a group admin, who signs up from the mail, accepts and lands on /group', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('invitee');
    const admin = await buildInvitingOrg(request);
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await page.goto('/org/invitation');
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user to your Organization' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('radio', { name: 'Group Admin' }).check();
    await expect(dialog.getByText(/A Group Admin follows and manages/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Group' }).click();
    const groupOption = page.getByRole('option').first();
    const groupName = (await groupOption.textContent())!.trim();
    await groupOption.click();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(invitationRow(page, email)).toContainText('PENDING');
    await expect(invitationRow(page, email)).toContainText(groupName);

    // The mail arrives; the recipient opens its link signed out.
    const link = await linkFromMail(request, email, '/process-invite');
    const invitee = await freshPage(browser);
    try {
      await invitee.page.goto(link);
      await expectPath(invitee.page, '/', `?${new URLSearchParams({ redirectTo: link })}`);
      await expect(invitee.page.getByText(INVITE_NOTE)).toBeVisible();
      await signUpInUi(invitee.page, email);

      await expect(invitee.page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
      await expect(invitee.page.getByRole('heading', { name: "You're invited!" })).toBeVisible();
      await expect(invitee.page.getByText(groupName)).toBeVisible();
      await invitee.page.getByRole('button', { name: 'Accept' }).click();
      await expectPath(invitee.page, '/group');
      // The group's own dashboard, not the frame of the role the invitee had before accepting.
      await expect(invitee.page.getByRole('heading', { name: 'No Readings' })).toBeVisible();
      await profileButton(invitee.page).click();
      await expect(
        invitee.page.getByRole('menu').getByText('Group Admin', { exact: true }),
      ).toBeVisible();
    } finally {
      await invitee.close();
    }

    await page.reload();
    await expect(invitationRow(page, email)).toContainText('ACCEPTED');
    await expect(page.getByRole('button', { name: `Resend invitation to ${email}` })).toHaveCount(
      0,
    );
  });

  test('reject sends the person home, and the used link is then not valid', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reject');
    const link = await inviteByApi(request, await buildInvitingOrg(request), email);
    await signUpByApi(request, email);
    await signInViaUi(page, email, { password: PASSWORD, redirectTo: link });
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(page, 'Invitation rejected')).toBeVisible();
    await expectPath(page, '/user');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: NOT_VALID })).toBeVisible();
  });

  test('skip for now leaves the invitation pending and the link still works', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('skip');
    const link = await inviteByApi(request, await buildInvitingOrg(request), email);
    await signUpByApi(request, email);
    await signInViaUi(page, email, { password: PASSWORD, redirectTo: link });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expectPath(page, '/user');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: "You're invited!" })).toBeVisible();
  });

  test('a tampered or missing token is not valid; another account sees the wrong-account view and can switch', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('someone');
    const link = await inviteByApi(request, await buildInvitingOrg(request), email);
    await signUpByApi(request, email);
    await signInThroughApi(page, DEMO.member);
    await expectPath(page, '/user');

    await page.goto(`${link.slice(0, -3)}xyz`);
    await expect(page.getByRole('heading', { name: NOT_VALID })).toBeVisible();
    await page.goto('/process-invite');
    await expect(page.getByRole('heading', { name: NOT_VALID })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    await expect(page.getByText(/Sign in with the invited email/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await expectPath(page, '/', `?${new URLSearchParams({ redirectTo: link })}`);
    await expect(page.getByText(INVITE_NOTE)).toBeVisible();
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: "You're invited!" })).toBeVisible();
  });

  test('resend mails a new link and the old one stops working', async ({ page, request }) => {
    const email = uniqueEmail('resend');
    const admin = await buildInvitingOrg(request);
    const oldLink = await inviteByApi(request, admin, email);
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await page.goto('/org/invitation');
    await page.getByRole('button', { name: `Resend invitation to ${email}` }).click();
    await expect(toast(page, 'Invitation resent successfully')).toBeVisible();
    const newLink = await linkFromMail(request, email, '/process-invite', 1);
    expect(newLink).not.toBe(oldLink);

    await signUpByApi(request, email);
    await page.getByRole('button', { name: /^Profile menu of / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInViaUi(page, email, { password: PASSWORD, redirectTo: oldLink });
    await expect(page.getByRole('heading', { name: NOT_VALID })).toBeVisible();
    await page.goto(newLink);
    await expect(page.getByRole('heading', { name: "You're invited!" })).toBeVisible();
  });
});

test.describe('lifetime membership claim links', () => {
  test('the app admin issues a link; the recipient signs up, claims it and lands on /welcome', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('lifetime');
    await signInThroughApi(page, APP_ADMIN.email, { password: APP_ADMIN.password });
    await expectPath(page, '/admin');
    await page.goto('/admin/invitation');
    await page.getByRole('button', { name: 'Issue Claim Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue Claim Link' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send Claim Link' }).click();
    await expect(toast(page, 'Claim link sent successfully')).toBeVisible();
    const claims = page.getByRole('region', { name: 'Lifetime Memberships' });
    await expect(claims.getByRole('row').filter({ hasText: email })).toContainText('PENDING');

    const link = await linkFromMail(request, email, '/process-life-time-membership-invite');
    const recipient = await freshPage(browser);
    try {
      await recipient.page.goto(link);
      await expect(recipient.page.getByText(CLAIM_NOTE)).toBeVisible();
      await signUpInUi(recipient.page, email);
      await expect(
        recipient.page.getByRole('heading', { name: 'Claim your Lifetime Membership' }),
      ).toBeVisible();
      await recipient.page.getByRole('button', { name: 'Claim Now' }).click();
      await expectPath(recipient.page, '/welcome');

      // Claimed for good: the link does not work a second time.
      await recipient.page.goto(link);
      await expect(recipient.page.getByRole('heading', { name: CLAIM_NOT_VALID })).toBeVisible();
    } finally {
      await recipient.close();
    }
    await page.reload();
    await expect(claims.getByRole('row').filter({ hasText: email })).toContainText('CLAIMED');
  });

  test('a bad claim link shows the spec’s message', async ({ page }) => {
    await signInThroughApi(page, DEMO.member);
    await expectPath(page, '/user');
    await page.goto('/process-life-time-membership-invite?it=not-a-real-token');
    await expect(page.getByRole('heading', { name: CLAIM_NOT_VALID })).toBeVisible();
    await page.goto('/process-life-time-membership-invite');
    await expect(page.getByRole('heading', { name: CLAIM_NOT_VALID })).toBeVisible();
  });
});
