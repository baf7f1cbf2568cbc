import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import {
  LAST_SIGN_IN_METHOD_MESSAGE,
  NEW_SOCIAL_USER_MESSAGE,
  SOCIAL_SIGN_UP_EXPIRED_MESSAGE,
  SOCIAL_SIGN_UP_TITLE,
  providerLinkedMessage,
  providerUnlinkedMessage,
  socialErrorMessage,
} from '@resonant/contracts/social-sign-in';
import { EMAIL_TAKEN_MESSAGE } from '@resonant/contracts/auth';
import type { InvitationListResponse } from '@resonant/contracts/invitations';
import {
  expectPath,
  profileButton,
  signInForm,
  signInViaUi,
  signUpThroughApi,
  toast,
  uniqueEmail,
} from './support/app.ts';
import {
  DEV_APPLE,
  DEV_GOOGLE,
  cancelAtDevProvider,
  continueWith,
  signInAtDevProvider,
} from './support/dev-identity.ts';
import { linkFromMail } from './support/mailbox.ts';
import { apiSession, buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

const SIGNED_UP = 'You are signed up successfully, logging you in now!';
const INVITE_NOTE = 'Note: Please SignIn or SignUp To Join This Invitation';
const PASSWORD = 'Social#2026';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

function almostThere(page: Page) {
  return page.getByRole('form', { name: SOCIAL_SIGN_UP_TITLE });
}

/**
 * Screenshots of the page as it is, at 1440 px and at 375 px wide (then back to 1440); the panels'
 * slide is finished first, so the shot shows where it ends.
 */
async function shootBothWidths(page: Page, name: string) {
  for (const [viewport, width] of [
    [PHONE, 375],
    [DESKTOP, 1440],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: shotPath(test.info(), `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
}

async function signOutInUi(page: Page) {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(signInForm(page)).toBeVisible();
}

async function openSignInMethods(page: Page) {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign-in methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in methods' });
  await expect(dialog.getByRole('listitem', { name: 'Password' })).toBeVisible();
  return dialog;
}

test.use({ viewport: DESKTOP });

test.describe('social sign-in through the development provider', () => {
  test('both panels offer the providers, marked as development sign-ins', async ({ page }) => {
    await page.goto('/login');
    await expect(continueWith(page, DEV_GOOGLE)).toBeVisible();
    await expect(continueWith(page, DEV_APPLE)).toBeVisible();
    await expect(
      page.getByText(/^Development sign-ins use a test provider/).filter({ visible: true }),
    ).toBeVisible();
    await shootBothWidths(page, 'social-auth-sign-in');

    await page.goto('/signup');
    const signUp = page.getByRole('form', { name: 'Create account' });
    await expect(signUp).toBeVisible();
    await expect(continueWith(page, DEV_GOOGLE)).toBeVisible();
    await expect(continueWith(page, DEV_APPLE)).toBeVisible();
    await shootBothWidths(page, 'social-auth-sign-up');
  });

  test('a new identity: Almost there! prefilled, /welcome; the same identity later lands straight in the app', async ({
    page,
  }) => {
    const email = uniqueEmail('social-new');
    await page.goto('/login');
    await continueWith(page, DEV_GOOGLE).click();
    await signInAtDevProvider(page, {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'Female',
      birthDate: '1990-05-17',
    });

    await expectPath(page, '/signup/social');
    await expect(page).toHaveTitle(`${SOCIAL_SIGN_UP_TITLE} · Resonant`);
    const form = almostThere(page);
    const heading = form.getByRole('heading', { name: SOCIAL_SIGN_UP_TITLE });
    await expect(heading).toBeFocused();
    await expect(toast(page, NEW_SOCIAL_USER_MESSAGE)).toHaveCount(1);
    await expect(form.getByText(`Email from ${DEV_GOOGLE}`)).toBeVisible();
    await expect(form.getByText(email)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    await expect(form.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Lovelace');
    await expect(form.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
    await expect(form.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('1990-05-17');

    // To the sign-in panel and Back: the form mounts anew, the toast does not come again.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signInForm(page)).toBeVisible();
    await page.goBack();
    await expect(heading).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    // Counted once, not polled: a second toast would already be there when the form is.
    expect(await toast(page, NEW_SOCIAL_USER_MESSAGE).count()).toBe(1);
    await shootBothWidths(page, 'social-almost-there');

    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expectPath(page, '/welcome');
    await expect(toast(page, SIGNED_UP)).toBeVisible();

    // Signed up with a provider only: that identity is the account's last way to sign in.
    const dialog = await openSignInMethods(page);
    await expect(dialog.getByRole('listitem', { name: 'Password' })).toContainText('Not set');
    const google = dialog.getByRole('listitem', { name: DEV_GOOGLE });
    await expect(google).toContainText(email);
    await expect(google.getByRole('button', { name: `Unlink ${DEV_GOOGLE}` })).toBeDisabled();
    await expect(google).toContainText(LAST_SIGN_IN_METHOD_MESSAGE);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await signOutInUi(page);
    await continueWith(page, DEV_GOOGLE).click();
    await signInAtDevProvider(page, { email });
    await expectPath(page, '/user');
    await expect(profileButton(page)).toHaveAccessibleName('Profile menu of Ada Lovelace (AL)');
  });

  test('the Apple-type flow (form_post) brings a new identity to Almost there!', async ({
    page,
  }) => {
    const email = uniqueEmail('social-apple');
    await page.goto('/signup');
    await continueWith(page, DEV_APPLE).click();
    await signInAtDevProvider(page, { email, firstName: 'Grace', lastName: 'Hopper' });

    await expectPath(page, '/signup/social');
    const form = almostThere(page);
    await expect(form).toBeVisible();
    await expect(toast(page, NEW_SOCIAL_USER_MESSAGE)).toBeVisible();
    await expect(form.getByText(`Email from ${DEV_APPLE}`)).toBeVisible();
    await expect(form.getByText(email)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
    await expect(form.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Hopper');
    // Not shared by the provider: left for the person, by the password sign-up's rules.
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Gender is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Date of Birth is required', { exact: true })).toBeVisible();
  });

  test('an invitation opened signed out, completed with social sign-in, ends accepted', async ({
    page,
    request,
  }) => {
    // Short: an invitation's email has at most 50 characters.
    const email = uniqueEmail('sinv');
    const { admin } = await buildOrg(request, { groups: [{}] });
    const { headers } = await apiSession(request, admin.email, admin.password);
    const groups = await request.get('/api/org/invitation/groups', { headers });
    const { list } = (await groups.json()) as { list: { id: string; is_default: boolean }[] };
    const group = list.find((candidate) => !candidate.is_default)!;
    const invited = await request.post('/api/org/invitation', {
      headers,
      data: { firstName: 'Iris', lastName: 'Invitee', email, role: 'user', groupId: group.id },
    });
    expect(invited.status()).toBe(201);
    const link = await linkFromMail(request, email, '/process-invite');

    await page.goto(link);
    await expectPath(page, '/', `?${new URLSearchParams({ redirectTo: link })}`);
    await expect(page.getByText(INVITE_NOTE)).toBeVisible();
    await continueWith(page, DEV_GOOGLE).click();
    await signInAtDevProvider(page, {
      email,
      firstName: 'Iris',
      lastName: 'Invitee',
      gender: 'Female',
      birthDate: '1991-01-01',
    });

    await expectPath(page, '/signup/social', `?${new URLSearchParams({ redirectTo: link })}`);
    await expect(page.getByText(INVITE_NOTE)).toBeVisible();
    await almostThere(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
    await expect(page.getByRole('heading', { name: "You're invited!" })).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page, 'Invitation accepted')).toBeVisible();

    const answer = await request.get(
      `/api/org/invitation/list?${new URLSearchParams({ search: email })}`,
      { headers },
    );
    const invitations = (await answer.json()) as InvitationListResponse;
    expect(invitations.list.map(({ email: to, status }) => [to, status])).toEqual([
      [email, 'accepted'],
    ]);
  });

  test('Cancel at the provider returns to the auth screen with a toast, redirectTo kept', async ({
    page,
  }) => {
    await page.goto(`/?${new URLSearchParams({ redirectTo: '/welcome' })}`);
    await continueWith(page, DEV_GOOGLE).click();
    await cancelAtDevProvider(page);
    await expect(toast(page, socialErrorMessage('cancelled', DEV_GOOGLE))).toBeVisible();
    // The notice leaves the URL; the rest stays.
    await expectPath(page, '/login', `?${new URLSearchParams({ redirectTo: '/welcome' })}`);
    await expect(signInForm(page)).toBeVisible();
  });

  test('a password account links the development Google-type provider and unlinks it', async ({
    page,
    request,
  }) => {
    const email = await signUpThroughApi(request, 'social-link', PASSWORD);
    await signInViaUi(page, email, { password: PASSWORD });
    await expectPath(page, '/user');

    let dialog = await openSignInMethods(page);
    await expect(dialog.getByRole('listitem', { name: 'Password' })).toContainText('Set');
    const google = dialog.getByRole('listitem', { name: DEV_GOOGLE });
    await expect(google).toContainText('Not linked');
    await google.getByRole('button', { name: `Link ${DEV_GOOGLE}` }).click();
    await signInAtDevProvider(page, { email });

    await expect(toast(page, providerLinkedMessage(DEV_GOOGLE))).toBeVisible();
    await expectPath(page, '/user');
    dialog = await openSignInMethods(page);
    const linked = dialog.getByRole('listitem', { name: DEV_GOOGLE });
    await expect(linked).toContainText(email);
    await expect(linked).toContainText('Linked');
    await shootBothWidths(page, 'social-sign-in-methods');
    const unlink = linked.getByRole('button', { name: `Unlink ${DEV_GOOGLE}` });
    await unlink.click();

    const confirm = page.getByRole('dialog', { name: `Unlink ${DEV_GOOGLE}?` });
    await expect(
      confirm.getByText(`You will no longer be able to sign in with ${DEV_GOOGLE}.`),
    ).toBeVisible();
    // Esc answers the question only: the Sign-in methods dialog stays, its Unlink focused again.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(unlink).toBeFocused();

    await unlink.click();
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect(toast(page, providerUnlinkedMessage(DEV_GOOGLE))).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(linked).toContainText('Not linked');
    await expect(linked.getByRole('button', { name: `Link ${DEV_GOOGLE}` })).toBeFocused();
  });

  test('the development provider never links by email: an existing email is sent to sign in', async ({
    page,
    request,
  }) => {
    const email = await signUpThroughApi(request, 'social-taken', PASSWORD);
    await page.goto('/login');
    await continueWith(page, DEV_GOOGLE).click();
    await signInAtDevProvider(page, { email });

    await expectPath(page, '/signup/social');
    await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeVisible();
    await expect(page.getByText(/under Sign-in methods in your profile menu/)).toBeVisible();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expectPath(page, '/login');
    await expect(signInForm(page)).toBeVisible();
  });

  test('an account that takes the email before Sign Up switches Almost there! to sign in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('social-race');
    await page.goto('/login');
    await continueWith(page, DEV_GOOGLE).click();
    await signInAtDevProvider(page, {
      email,
      firstName: 'Rita',
      lastName: 'Race',
      gender: 'Female',
      birthDate: '1992-02-02',
    });
    await expect(almostThere(page)).toBeVisible();

    // Meanwhile, another browser signs up with a password and the same email.
    const signedUp = await request.post('/api/auth/sign-up', {
      data: {
        email,
        password: PASSWORD,
        firstName: 'Rita',
        lastName: 'Race',
        gender: 'Female',
        birthDate: '1992-02-02',
      },
    });
    expect(signedUp.status()).toBe(202);

    await almostThere(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, EMAIL_TAKEN_MESSAGE)).toBeVisible();
    // The pending sign-up is read again: the development provider never links by email.
    await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeFocused();
    await expectPath(page, '/signup/social');
  });

  test('a landing URL cannot put its own words in a toast', async ({ page }) => {
    await page.goto(
      `/login?${new URLSearchParams({ social_error: 'failed', provider: 'Call 0800' })}`,
    );
    await expect(toast(page, socialErrorMessage('failed', 'your provider'))).toBeVisible();
    await expectPath(page, '/login');
    expect(await page.getByRole('alert').filter({ hasText: 'Call 0800' }).count()).toBe(0);

    await page.goto(`/?${new URLSearchParams({ social_linked: 'Call 0800' })}`);
    // The notice has been read (and dropped from the URL) without a toast.
    await expectPath(page, '/');
    await expect(signInForm(page)).toBeVisible();
    expect(await page.getByRole('alert').filter({ hasText: 'is now linked' }).count()).toBe(0);
  });

  test('Almost there! without a pending sign-up goes back to sign in', async ({ page }) => {
    await page.goto('/signup/social');
    await expect(toast(page, SOCIAL_SIGN_UP_EXPIRED_MESSAGE)).toBeVisible();
    await expectPath(page, '/login');
  });
});
