import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type AuthResponse,
} from '@resonant/contracts/auth';
import {
  PROVIDER_NOT_FOUND_MESSAGE,
  SOCIAL_SIGN_UP_EXPIRED_MESSAGE,
  type PendingSocialSignUp,
  type SocialProvidersResponse,
} from '@resonant/contracts/social-sign-in';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { type TestPerson } from '../../../test/oidc-identity-provider.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import {
  APP_URL,
  bindingCookieName,
  deliver,
  landing,
  pendingCookie,
  roundTrip,
  useSocialSignInApp,
  startSignIn,
  withPending,
} from '../../../test/social-round-trip.ts';
import { accounts, sessions, socialIdentities } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { pendingSocialSignUps, socialSignInAttempts } from '../../db/schema/social-sign-in.ts';
import { hashToken } from '../../lib/crypto.ts';
import { REFRESH_COOKIE } from '../../kernel/session-cookie.ts';

const app = useSocialSignInApp();

const newEmail = (label = 'social') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const person = (overrides: Partial<TestPerson> = {}): TestPerson => ({
  email: newEmail(),
  givenName: 'Ada',
  familyName: 'Lovelace',
  gender: 'female',
  birthdate: '1985-12-10',
  ...overrides,
});
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'Female',
  birthDate: '1985-12-10',
};

const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);

async function sessionCount() {
  const [row] = await app.t.db.select({ n: count() }).from(sessions);
  return row?.n ?? 0;
}

async function accountIdOf(email: string) {
  const [row] = await app.t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

async function identitiesOf(accountId: string) {
  return app.t.db
    .select({
      provider: socialIdentities.provider,
      issuer: socialIdentities.issuer,
      subject: socialIdentities.subject,
      email: socialIdentities.email,
    })
    .from(socialIdentities)
    .where(eq(socialIdentities.accountId, accountId));
}

const getPending = (token?: string) =>
  app.t.app.inject({
    method: 'GET',
    url: '/api/auth/social/pending',
    cookies: token ? withPending(token) : {},
  });
const postProfile = (token: string | undefined, payload: object) =>
  app.t.app.inject({
    method: 'POST',
    url: '/api/user/profile',
    cookies: token ? withPending(token) : {},
    payload: payload as Record<string, unknown>,
  });
const linkWithPassword = (token: string, password: string) =>
  app.t.app.inject({
    method: 'POST',
    url: '/api/auth/social/link',
    cookies: withPending(token),
    payload: { password },
  });
const refresh = (value: string) =>
  app.t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { [REFRESH_COOKIE]: value },
  });

/** An account holding the identity of `email` at `provider`, linked by its password. */
async function linkedAccount(provider: string, email: string, password: string) {
  const callback = await roundTrip(app.t, app.idp, provider, person({ email }));
  const token = pendingCookie(callback);
  const linked = await linkWithPassword(token, password);
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.body}`);
}

/** A refused callback: the auth screen with the error, no session and no refresh cookie. */
async function expectRefused(
  response: LightMyRequestResponse,
  code: string,
  provider: string | null,
  sessionsBefore: number,
) {
  const to = landing(response);
  expect(to.pathname).toBe('/login');
  expect(to.searchParams.get('social_error')).toBe(code);
  expect(to.searchParams.get('provider')).toBe(provider);
  expect(refreshCookieOf(response)).toBeUndefined();
  expect(response.headers['content-type']).toBeUndefined();
  expect(await sessionCount()).toBe(sessionsBefore);
}

describe('GET /api/auth/oidc/providers', () => {
  it('lists the configured providers in button order', async () => {
    const response = await app.t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json<SocialProvidersResponse>()).toEqual({
      providers: [
        { id: 'google', kind: 'google', label: 'Google', development: false },
        { id: 'apple', kind: 'apple', label: 'Apple', development: false },
        { id: 'acme', kind: 'oidc', label: 'Acme SSO', development: false },
      ],
    });
  });

  it('lists none when no provider is configured', async () => {
    const bare = await buildTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
      expect(response.json()).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/auth/oidc/{provider}/start', () => {
  it('hands out the authorization URL with PKCE (S256), state and nonce, and binds the browser', async () => {
    const response = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/google/start',
      payload: { redirectTo: '/user' },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${app.idp.issuer}/auth`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_id: app.idp.env.OIDC_GOOGLE_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${APP_URL}/api/auth/oidc/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(query.response_mode).toBeUndefined();
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(query[name], name).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    }

    const binding = response.cookies.find((cookie) => cookie.name === bindingCookieName(url.href));
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(binding?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only hashes of the state and binding are stored; the challenge is the verifier's S256.
    const [attempt] = await app.t.db
      .select()
      .from(socialSignInAttempts)
      .where(eq(socialSignInAttempts.stateHash, hashToken(query.state!)));
    expect(attempt).toMatchObject({
      provider: 'google',
      purpose: 'sign-in',
      bindingHash: hashToken(binding!.value),
      nonce: query.nonce,
      redirectTo: '/user',
      accountId: null,
    });
    const challenge = createHash('sha256').update(attempt!.codeVerifier).digest('base64url');
    expect(query.code_challenge).toBe(challenge);
    const lifetime = attempt!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it('asks an Apple-type provider for a form post', async () => {
    const { url } = await startSignIn(app.t, 'apple');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oidc/apple/callback`);
  });

  it('answers an unknown provider 404', async () => {
    const response = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/myspace/start',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: PROVIDER_NOT_FOUND_MESSAGE });
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
    'refuses a redirectTo off this site (%s) with 400',
    async (redirectTo) => {
      const response = await app.t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/google/start',
        payload: { redirectTo },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining('redirectTo') });
    },
  );
});

describe('a known identity', () => {
  let org: Awaited<ReturnType<typeof buildOrg>>;
  const adminEmail = newEmail('known-admin');
  const memberEmail = newEmail('known-member');

  beforeAll(async () => {
    org = await buildOrg(app.t, {
      people: {
        admin: { email: adminEmail, orgAdmin: true, groups: ['Default'] },
        member: { email: memberEmail, groups: ['Default'] },
      },
    });
    await linkedAccount('google', adminEmail, org.people.admin!.password);
    await linkedAccount('google', memberEmail, org.people.member!.password);
  });

  it('signs in with our own session and lands by role', async () => {
    const before = await sessionCount();
    const response = await roundTrip(app.t, app.idp, 'google', person({ email: adminEmail }));
    expect(landing(response).href).toBe('http://landing.test/org');
    expect(await sessionCount()).toBe(before + 1);

    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // The web app restores the session from the refresh cookie on the landing page.
    const restored = await refresh(cookie!.value);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<AuthResponse>().user).toMatchObject({
      user_id: org.ids.admin,
      user_type: 'org',
      current_org_id: org.id,
    });
  });

  it('honours redirectTo through the round trip (an invitation link)', async () => {
    const redirectTo = '/process-invite?it=abc';
    const response = await roundTrip(app.t, app.idp, 'google', person({ email: memberEmail }), {
      redirectTo,
    });
    const to = landing(response);
    expect(to.pathname + to.search).toBe(redirectTo);
  });

  it('ignores a redirectTo the role may not go to', async () => {
    const response = await roundTrip(app.t, app.idp, 'google', person({ email: memberEmail }), {
      redirectTo: '/admin/organizations',
    });
    expect(landing(response).pathname).toBe('/user');
    expect(refreshCookieOf(response)).toBeDefined();
  });

  it('keeps the Location header valid whatever characters redirectTo holds', async () => {
    const response = await roundTrip(app.t, app.idp, 'google', person({ email: memberEmail }), {
      redirectTo: '/welcome?name=Zoë Ünal',
    });
    const to = landing(response);
    expect(to.pathname).toBe('/welcome');
    expect(to.searchParams.get('name')).toBe('Zoë Ünal');
  });

  it('signs in through the generic provider too (same issuer and subject)', async () => {
    const response = await roundTrip(app.t, app.idp, 'acme', person({ email: adminEmail }));
    expect(landing(response).pathname).toBe('/org');
  });

  describe('refuses a callback', () => {
    it('without the binding cookie (another browser)', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      await expectRefused(await deliver(app.t, request, undefined), 'failed', 'google', before);
    });

    it('from a stranger holding the state, and still completes in the right browser', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      const other = await startSignIn(app.t, 'google');
      await expectRefused(await deliver(app.t, request, undefined), 'failed', 'google', before);
      await expectRefused(await deliver(app.t, request, other.binding), 'failed', 'google', before);
      expect(landing(await deliver(app.t, request, start.binding)).pathname).toBe('/org');
    });

    it('with another browser’s binding cookie', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const other = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      await expectRefused(await deliver(app.t, request, other.binding), 'failed', 'google', before);
    });

    it('whose state was already used (a replay)', async () => {
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      expect(landing(await deliver(app.t, request, start.binding)).pathname).toBe('/org');
      const before = await sessionCount();
      await expectRefused(
        await deliver(app.t, request, start.binding),
        'expired',
        'google',
        before,
      );
    });

    it('with a state nobody issued, or none', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      const forged = request.url.replace(/state=[^&]+/, 'state=forged-state');
      await expectRefused(
        await deliver(app.t, { method: 'GET', url: forged }, start.binding),
        'expired',
        'google',
        before,
      );
      const twice = `${request.url}&state=again`;
      await expectRefused(
        await deliver(app.t, { method: 'GET', url: twice }, start.binding),
        'expired',
        'google',
        before,
      );
      const none = request.url.replace(/&?state=[^&]+/, '');
      await expectRefused(
        await deliver(app.t, { method: 'GET', url: none }, start.binding),
        'expired',
        'google',
        before,
      );
    });

    it('of another provider’s round trip', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      const elsewhere = request.url.replace('/oidc/google/', '/oidc/acme/');
      await expectRefused(
        await deliver(app.t, { method: 'GET', url: elsewhere }, start.binding),
        'failed',
        'acme',
        before,
      );
    });

    it('of an unknown provider', async () => {
      const before = await sessionCount();
      const response = await app.t.app.inject({
        method: 'GET',
        url: '/api/auth/oidc/myspace/callback?code=x&state=y',
      });
      await expectRefused(response, 'failed', null, before);
    });

    it('whose code verifier does not match the challenge (PKCE)', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      const state = new URL(request.url, APP_URL).searchParams.get('state')!;
      // As if someone who stole the code ran it with a verifier of their own.
      await app.t.db
        .update(socialSignInAttempts)
        .set({ codeVerifier: 'x'.repeat(43) })
        .where(eq(socialSignInAttempts.stateHash, hashToken(state)));
      await expectRefused(await deliver(app.t, request, start.binding), 'failed', 'google', before);
    });

    it('whose code is not the provider’s', async () => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      const forged = request.url.replace(/code=[^&]+/, 'code=forged-code');
      await expectRefused(
        await deliver(app.t, { method: 'GET', url: forged }, start.binding),
        'failed',
        'google',
        before,
      );
    });

    it.each([
      ['signed with an attacker’s key', { signWith: 'attacker-key' as const }],
      ['for another audience', { claims: { aud: 'someone-else' } }],
      ['with another nonce', { claims: { nonce: 'not-the-nonce' } }],
      ['from another issuer', { claims: { iss: 'https://accounts.evil.example' } }],
      ['that has expired', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ])('with an ID token %s', async (_label, change) => {
      const before = await sessionCount();
      const start = await startSignIn(app.t, 'google');
      const request = await app.idp.signIn(start.url.href, person({ email: adminEmail }));
      app.idp.tamperNextIdToken(change);
      await expectRefused(await deliver(app.t, request, start.binding), 'failed', 'google', before);
    });
  });

  it('lands a cancelled sign-in on the auth screen, keeping redirectTo', async () => {
    const before = await sessionCount();
    const response = await roundTrip(app.t, app.idp, 'google', 'cancel', {
      redirectTo: '/welcome',
    });
    await expectRefused(response, 'cancelled', 'google', before);
    expect(landing(response).searchParams.get('redirectTo')).toBe('/welcome');
  });
});

describe('an unknown identity', () => {
  it('goes to ‘Almost there!’ prefilled, then POST /api/user/profile makes the account', async () => {
    const ada = person({ gender: 'female' });
    const callback = await roundTrip(app.t, app.idp, 'google', ada, { redirectTo: '/welcome' });
    const to = landing(callback);
    expect(to.pathname).toBe('/signup/social');
    expect(to.searchParams.get('redirectTo')).toBe('/welcome');
    expect(refreshCookieOf(callback)).toBeUndefined();
    const cookie = callback.cookies.find(
      (candidate) => candidate.name === 'resonant_social_sign_up',
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    const token = pendingCookie(callback);

    const pending = await getPending(token);
    expect(pending.statusCode).toBe(200);
    expect(pending.json<PendingSocialSignUp>()).toEqual({
      provider: { id: 'google', kind: 'google', label: 'Google', development: false },
      next: 'sign-up',
      email: ada.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'Female',
      birthDate: '1985-12-10',
      redirectTo: '/welcome',
    });
    expect(await accountIdOf(ada.email)).toBeNull();

    const created = await postProfile(token, { ...PROFILE, firstName: 'Augusta' });
    expect(created.statusCode).toBe(201);
    const body = created.json<AuthResponse>();
    expect(body.user).toMatchObject({
      user_type: 'user',
      email: ada.email,
      first_name: 'Augusta',
      last_name: 'Lovelace',
      gender: 'Female',
      birth_date: '1985-12-10',
    });
    expect(refreshCookieOf(created)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const cleared = created.cookies.find(
      (candidate) => candidate.name === 'resonant_social_sign_up',
    );
    expect(cleared?.value).toBe('');

    const accountId = body.user.user_id;
    const [account] = await app.t.db
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    expect(account?.passwordHash).toBeNull();
    expect(await identitiesOf(accountId)).toEqual([
      { provider: 'google', issuer: app.idp.issuer, subject: expect.any(String), email: ada.email },
    ]);
    const [audit] = await app.t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.sign-up'), eq(auditLog.targetId, accountId)));
    expect(audit?.details).toEqual({ provider: 'google' });
    expect((await getPending(token)).statusCode).toBe(401);
    expect((await postProfile(token, PROFILE)).statusCode).toBe(401);

    // The same identity again lands straight in the app.
    const again = await roundTrip(app.t, app.idp, 'google', ada);
    expect(landing(again).pathname).toBe('/user');
    const restored = await refresh(refreshCookieOf(again)!.value);
    expect(restored.json<AuthResponse>().user.user_id).toBe(accountId);
  });

  it('takes the Apple-type form post, with the name it posts the first time', async () => {
    const tim = person({ givenName: '', familyName: '', gender: 'none', birthdate: '' });
    const user = JSON.stringify({
      name: { firstName: 'Tim', lastName: 'Apple' },
      email: tim.email,
    });
    const start = await startSignIn(app.t, 'apple');
    const request = await app.idp.signIn(start.url.href, tim);
    expect(request.method).toBe('POST');
    const callback = await deliver(app.t, request, start.binding, { user });
    expect(landing(callback).pathname).toBe('/signup/social');
    const pending = (await getPending(pendingCookie(callback))).json<PendingSocialSignUp>();
    expect(pending).toMatchObject({
      provider: { id: 'apple', kind: 'apple', label: 'Apple' },
      next: 'sign-up',
      email: tim.email,
      firstName: 'Tim',
      lastName: 'Apple',
      gender: null,
      birthDate: null,
    });
    const created = await postProfile(pendingCookie(callback), {
      ...PROFILE,
      firstName: 'Tim',
      lastName: 'Apple',
    });
    expect(created.statusCode).toBe(201);
    const again = await roundTrip(app.t, app.idp, 'apple', tim);
    expect(landing(again).pathname).toBe('/user');
  });

  it('ignores a posted name that is not one, or not for this state', async () => {
    const start = await startSignIn(app.t, 'apple');
    const request = await app.idp.signIn(start.url.href, person({ givenName: '', familyName: '' }));
    const callback = await deliver(app.t, request, start.binding, {
      user: JSON.stringify({ name: { firstName: 'Bad\u0000Name', lastName: { no: 1 } } }),
    });
    const pending = (await getPending(pendingCookie(callback))).json<PendingSocialSignUp>();
    expect(pending).toMatchObject({ firstName: '', lastName: '' });
    const stray = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=nobody&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Eve%22%7D%7D',
    });
    expect(stray.statusCode).toBe(303);
    expect(String(stray.headers.location)).toBe(
      `${APP_URL}/api/auth/oidc/apple/callback?state=nobody`,
    );
  });

  it.each([
    [
      'a body over the limit',
      'application/x-www-form-urlencoded',
      `state=s&user=${'x'.repeat(70 * 1024)}`,
    ],
    ['a type it does not take', 'application/xml', '<state>s</state>'],
    ['a body that does not parse', 'application/json', '{"state":'],
  ])('lands a form post of %s on the auth screen, never JSON', async (_label, type, payload) => {
    const response = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/apple/callback',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?social_error=failed&provider=apple');
    expect(response.body).toBe('');
  });

  it('signs up through a generic provider', async () => {
    const callback = await roundTrip(app.t, app.idp, 'acme', person({ gender: 'male' }));
    const pending = (await getPending(pendingCookie(callback))).json<PendingSocialSignUp>();
    expect(pending).toMatchObject({
      provider: { id: 'acme', kind: 'oidc', label: 'Acme SSO', development: false },
      next: 'sign-up',
      gender: 'Male',
    });
  });

  it('without an email lands on the auth screen with no-email', async () => {
    const before = await sessionCount();
    const start = await startSignIn(app.t, 'google');
    const request = await app.idp.signIn(start.url.href, person());
    app.idp.tamperNextIdToken({ claims: { email: undefined, email_verified: undefined } });
    await expectRefused(await deliver(app.t, request, start.binding), 'no-email', 'google', before);
  });

  describe('POST /api/user/profile', () => {
    it('answers 401 without a pending sign-up', async () => {
      const response = await postProfile(undefined, PROFILE);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: SOCIAL_SIGN_UP_EXPIRED_MESSAGE });
      const forged = await postProfile('x'.repeat(43), PROFILE);
      expect(forged.json()).toEqual({ message: SOCIAL_SIGN_UP_EXPIRED_MESSAGE });
      expect((await getPending()).json()).toEqual({ message: SOCIAL_SIGN_UP_EXPIRED_MESSAGE });
    });

    it('answers 401 once the pending sign-up expired', async () => {
      const callback = await roundTrip(app.t, app.idp, 'google', person());
      const token = pendingCookie(callback);
      await app.t.db
        .update(pendingSocialSignUps)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(pendingSocialSignUps.tokenHash, hashToken(token)));
      expect((await getPending(token)).statusCode).toBe(401);
      expect((await postProfile(token, PROFILE)).statusCode).toBe(401);
    });

    it.each([
      ['firstName', '', 'First Name is required'],
      ['gender', 'Robot', 'Invalid gender'],
      ['birthDate', '2999-01-01', 'Date of Birth'],
    ])('refuses %s = %j with 400 and keeps the pending sign-up', async (field, value, message) => {
      const ada = person();
      const token = pendingCookie(await roundTrip(app.t, app.idp, 'google', ada));
      const response = await postProfile(token, { ...PROFILE, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(await accountIdOf(ada.email)).toBeNull();
      expect((await getPending(token)).statusCode).toBe(200);
    });

    it('signs in the second of two browsers holding the same new identity to its account', async () => {
      const ada = person();
      const first = pendingCookie(await roundTrip(app.t, app.idp, 'google', ada));
      const second = pendingCookie(await roundTrip(app.t, app.idp, 'google', ada));
      const created = await postProfile(first, PROFILE);
      expect(created.statusCode).toBe(201);
      const accountId = created.json<AuthResponse>().user.user_id;

      const signedIn = await postProfile(second, PROFILE);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json<AuthResponse>().user.user_id).toBe(accountId);
      expect(refreshCookieOf(signedIn)).toBeDefined();
      expect(signedIn.cookies.find((c) => c.name === 'resonant_social_sign_up')?.value).toBe('');
      expect((await getPending(second)).statusCode).toBe(401);
      expect(await identitiesOf(accountId)).toHaveLength(1);
    });

    it('answers 409 when the email was taken meanwhile, and keeps the pending sign-up', async () => {
      const ada = person();
      const token = pendingCookie(await roundTrip(app.t, app.idp, 'google', ada));
      const other = await createAccount(app.t.db, { email: ada.email });
      const response = await postProfile(token, PROFILE);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE });
      expect(await identitiesOf(other.id)).toEqual([]);
      // The page now says the email has an account: sign in and link from there.
      expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('email-taken');
    });
  });
});

describe('an unknown identity whose email has an account', () => {
  it('is linked only after the account’s password: a wrong one keeps it pending', async () => {
    const owner = await createAccount(app.t.db, {
      email: newEmail('owner'),
      password: 'Right#123',
    });
    const callback = await roundTrip(app.t, app.idp, 'google', person({ email: owner.email }));
    expect(landing(callback).pathname).toBe('/signup/social');
    const token = pendingCookie(callback);
    expect((await getPending(token)).json<PendingSocialSignUp>()).toMatchObject({
      next: 'link',
      email: owner.email,
    });
    expect(await identitiesOf(owner.id)).toEqual([]);

    const wrong = await linkWithPassword(token, 'Wrong#123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
    expect(await identitiesOf(owner.id)).toEqual([]);
    expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('link');

    // The form for a new account cannot take an account that exists.
    const signUp = await postProfile(token, PROFILE);
    expect(signUp.statusCode).toBe(409);
    expect(await identitiesOf(owner.id)).toEqual([]);

    const right = await linkWithPassword(token, 'Right#123');
    expect(right.statusCode).toBe(200);
    expect(right.json<AuthResponse>().user.user_id).toBe(owner.id);
    expect(refreshCookieOf(right)).toBeDefined();
    expect(await identitiesOf(owner.id)).toEqual([
      {
        provider: 'google',
        issuer: app.idp.issuer,
        subject: expect.any(String),
        email: owner.email,
      },
    ]);
    expect((await getPending(token)).statusCode).toBe(401);

    const again = await roundTrip(app.t, app.idp, 'google', person({ email: owner.email }));
    expect(landing(again).pathname).toBe('/user');
  });

  it('counts wrong passwords with the sign-in limits', async () => {
    const limited = await buildTestApp({
      env: { ...app.idp.env, AUTH_RATE_LIMIT_PER_ACCOUNT: '2' },
    });
    try {
      const owner = await createAccount(limited.db, { email: newEmail('limited') });
      const token = pendingCookie(
        await roundTrip(limited, app.idp, 'google', person({ email: owner.email })),
      );
      const tries = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/social/link',
          cookies: withPending(token),
          payload: { password: 'Wrong#123' },
        });
        tries.push(response.statusCode);
      }
      expect(tries).toEqual([401, 401, 429]);
      // The password sign-in of that account from this client is refused as well.
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: owner.email, password: owner.password },
      });
      expect(signIn.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is not offered the link to an account without a password (sign in, then link)', async () => {
    const owner = await createAccount(app.t.db, { email: newEmail('passwordless') });
    await app.t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, owner.id));
    const token = pendingCookie(
      await roundTrip(app.t, app.idp, 'google', person({ email: owner.email })),
    );
    expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('email-taken');
    expect((await linkWithPassword(token, owner.password)).statusCode).toBe(401);
    expect(await identitiesOf(owner.id)).toEqual([]);
  });

  it('is never offered the link when the provider did not verify the email', async () => {
    const owner = await createAccount(app.t.db, { email: newEmail('unverified') });
    const callback = await roundTrip(
      app.t,
      app.idp,
      'google',
      person({ email: owner.email, emailVerified: false }),
    );
    const token = pendingCookie(callback);
    expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('email-taken');
    const link = await linkWithPassword(token, owner.password);
    expect(link.statusCode).toBe(401);
    expect(await identitiesOf(owner.id)).toEqual([]);
    expect((await postProfile(token, PROFILE)).statusCode).toBe(409);
  });
});

// Issue 27: an email is the account's only once proven, by our link or by the provider.
describe('proven emails', () => {
  const accountRow = async (accountId: string) => {
    const [row] = await app.t.db
      .select({ email: accounts.email, verifiedAt: accounts.emailVerifiedAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row;
  };

  it('never links by email to an unproven account, and takes the address from it when the provider verified it', async () => {
    const squatter = await createAccount(app.t.db, {
      email: newEmail('squatted'),
      emailVerified: false,
    });
    const squatterBearer = await app.t.signIn(squatter.email, squatter.password);
    const token = pendingCookie(
      await roundTrip(app.t, app.idp, 'google', person({ email: squatter.email })),
    );
    expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('sign-up');
    expect((await linkWithPassword(token, squatter.password)).statusCode).toBe(401);

    const created = await postProfile(token, PROFILE);
    expect(created.statusCode).toBe(201);
    const user = created.json<AuthResponse>().user;
    expect(user).toMatchObject({ email: squatter.email, emailVerified: true });
    expect(user.user_id).not.toBe(squatter.id);
    expect((await accountRow(squatter.id))?.email).toMatch(/\.invalid$/);
    const profile = await app.t.call('GET', '/api/user/profile', squatterBearer);
    expect(profile.statusCode).toBe(401);
  });

  it('takes nothing when the provider did not verify the email an unproven account holds', async () => {
    const holder = await createAccount(app.t.db, {
      email: newEmail('unproven'),
      emailVerified: false,
    });
    const token = pendingCookie(
      await roundTrip(
        app.t,
        app.idp,
        'google',
        person({ email: holder.email, emailVerified: false }),
      ),
    );
    expect((await getPending(token)).json<PendingSocialSignUp>().next).toBe('email-taken');
    expect((await postProfile(token, PROFILE)).statusCode).toBe(409);
    expect((await accountRow(holder.id))?.email).toBe(holder.email);
  });

  it('makes an unproven account from an email the provider did not verify', async () => {
    const unverified = person({ emailVerified: false });
    const token = pendingCookie(await roundTrip(app.t, app.idp, 'google', unverified));
    const created = await postProfile(token, PROFILE);
    expect(created.statusCode).toBe(201);
    const user = created.json<AuthResponse>().user;
    expect(user).toMatchObject({ email: unverified.email, emailVerified: false });
    expect((await accountRow(user.user_id))?.verifiedAt).toBeNull();
  });

  it('makes a proven account from an email the provider verified', async () => {
    const token = pendingCookie(await roundTrip(app.t, app.idp, 'google', person()));
    const created = await postProfile(token, PROFILE);
    expect(created.json<AuthResponse>().user.emailVerified).toBe(true);
  });
});
