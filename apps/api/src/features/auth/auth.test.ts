import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, type AuthResponse } from '@resonant/contracts/auth';
import type { UserProfile } from '@resonant/contracts/profile';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount, signUpBody } from '../../../test/factories.ts';
import { accounts, sessions } from '../../db/schema/accounts.ts';

const UNAUTHORIZED = { message: 'Unauthorized' };

/** The refresh cookie a response sets: the one cookie scoped to the auth endpoints. */
function refreshCookie(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((candidate) => candidate.path === '/api/auth');
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(response.cookies)}`);
  return cookie;
}

/** A refresh with no session to restore: 204 with no body, not an error. */
function expectNoSession(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(204);
  expect(response.body).toBe('');
}

describe('auth', () => {
  let t: TestApp;
  // Time moves forward only, by this much, when a test needs tokens to expire.
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    t = await buildTestApp({ clock: now });
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const refresh = (cookie?: { name: string; value: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: cookie ? { [cookie.name]: cookie.value } : {},
    });
  const profile = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user/profile', headers });

  describe('sign-up', () => {
    it('stores the password as an argon2id hash, never in clear', async () => {
      const body = signUpBody({ password: 'Very$ecret42' });
      expect((await signUp(body)).statusCode).toBe(202);
      const [row] = await t.db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.email, body.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('Very$ecret42');
    });

    // Issue 27: the answer no longer tells which emails have accounts (email-verification.test.ts).
    it('answers an email already taken, whatever its case, like a new one, and makes no second account', async () => {
      const email = `taken-${randomUUID()}@example.test`;
      const first = await signUp(signUpBody({ email }));
      expect(first.statusCode).toBe(202);
      for (const again of [email, email.toUpperCase(), ` ${email.replace('taken', 'TAKEN')} `]) {
        const response = await signUp(signUpBody({ email: again }));
        expect(response.statusCode, again).toBe(202);
        expect(response.body).toBe(first.body);
      }
      const rows = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${email}`);
      expect(rows).toHaveLength(1);
    });

    const invalid: [field: string, value: unknown, message: string][] = [
      ['firstName', '', 'First Name is required'],
      ['lastName', '  ', 'Last Name is required'],
      ['gender', 'Robot', 'Invalid gender: use Male, Female, Prefer not to disclose or Others'],
      ['birthDate', '', 'Date of Birth is required'],
      ['birthDate', '2999-01-01', ''],
      ['email', 'not-an-email', 'Invalid email address'],
      ['email', '', 'Email is required'],
      ['password', '1234567', 'Password must be at least 8 characters'],
      ['password', undefined, 'Password is required'],
    ];
    it.each(invalid)('answers 400 naming %s for %j', async (field, value, message) => {
      const payload = signUpBody({ [field]: value });
      if (value === undefined) delete payload[field as keyof typeof payload];
      const response = await signUp(payload);
      expect(response.statusCode).toBe(400);
      const json = response.json<{ message: string }>();
      expect(Object.keys(json)).toEqual(['message']);
      expect(json.message).toContain(field);
      expect(json.message).toContain(message);
      // Nothing was created.
      const [row] = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, String(payload.email ?? '')));
      expect(row).toBeUndefined();
    });
  });

  describe('sign-in', () => {
    let account: { id: string; email: string; password: string };
    beforeAll(async () => {
      account = await createAccount(t.db, { password: 'Right#Pass1' });
    });

    it('answers 200 with a working token, whatever the email case', async () => {
      const response = await signIn(account.email.toUpperCase(), 'Right#Pass1');
      expect(response.statusCode).toBe(200);
      const json = response.json<AuthResponse>();
      expect(json.token.length).toBeGreaterThanOrEqual(22); // >= 128 bits, base64
      const expiresIn = Date.parse(json.expiresAt) - now().getTime();
      expect(expiresIn).toBeGreaterThan((t.config.SESSION_TTL_MINUTES - 1) * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(t.config.SESSION_TTL_MINUTES * 60_000);
      const cookie = refreshCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie.value).not.toBe(json.token);
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Strict/i);
      expect(header).toMatch(/;\s*Path=\/api\/auth(;|$)/);
      expect(json.user).toMatchObject({ user_id: account.id, email: account.email });
      expect(refreshCookie(response).httpOnly).toBe(true);
      const me = await profile(t.bearer(json.token));
      expect(me.statusCode).toBe(200);
      expect(me.json<UserProfile>().user_id).toBe(account.id);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const wrongPassword = await signIn(account.email, 'Wrong#Pass1');
      const unknownEmail = await signIn(`nobody-${randomUUID()}@example.test`, 'Right#Pass1');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(wrongPassword.cookies).toEqual([]);
    });

    it('validates the body like sign-up', async () => {
      const response = await signIn('not-an-email', 'Right#Pass1');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/email.*Invalid email address/);
    });

    it('stores only hashes of the bearer and refresh tokens', async () => {
      const response = await signIn(account.email, 'Right#Pass1');
      const token = response.json<AuthResponse>().token;
      const refreshToken = refreshCookie(response).value;
      const rows = await t.db.select().from(sessions).where(eq(sessions.accountId, account.id));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          const text = value instanceof Date ? value.toISOString() : String(value);
          expect(text).not.toContain(token);
          expect(text).not.toContain(refreshToken);
        }
      }
    });
  });

  describe('sessions', () => {
    let account: { id: string; email: string; password: string };
    beforeAll(async () => {
      account = await createAccount(t.db);
    });
    const startSession = async () => {
      const response = await signIn(account.email, account.password);
      expect(response.statusCode).toBe(200);
      return { token: response.json<AuthResponse>().token, cookie: refreshCookie(response) };
    };

    it('signs out with 204; the token and the refresh cookie then stop working', async () => {
      const { token, cookie } = await startSession();
      expect((await profile(t.bearer(token))).statusCode).toBe(200);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: t.bearer(token),
      });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const cleared = refreshCookie(out);
      expect(cleared.value).toBe('');

      const after = await profile(t.bearer(token));
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(UNAUTHORIZED);
      expectNoSession(await refresh(cookie));
    });

    it('signing out ends only that session', async () => {
      const first = await startSession();
      const second = await startSession();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: t.bearer(first.token),
      });
      expect((await profile(t.bearer(first.token))).statusCode).toBe(401);
      expect((await profile(t.bearer(second.token))).statusCode).toBe(200);
    });

    it('refreshes with the cookie into a new token, and rotates the refresh token', async () => {
      const { token, cookie } = await startSession();
      const response = await refresh(cookie);
      expect(response.statusCode).toBe(200);
      const json = response.json<AuthResponse>();
      expect(json.token).not.toBe(token);
      expect(json.user.user_id).toBe(account.id);
      const rotated = refreshCookie(response);
      expect(rotated.value).not.toBe(cookie.value);
      expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect((await profile(t.bearer(json.token))).statusCode).toBe(200);

      // The old refresh token is spent; the new one works once more.
      expectNoSession(await refresh(cookie));
      expect((await refresh(rotated)).statusCode).toBe(200);
    });

    it('answers a refresh without a cookie or with a made-up one with 204 and no session', async () => {
      expectNoSession(await refresh());
      const madeUp = await refresh({ name: 'resonant_refresh', value: 'made-up' });
      expectNoSession(madeUp);
      expect(refreshCookie(madeUp).value).toBe('');
    });

    it('answers 401 Unauthorized without a token, with a garbage one, or another scheme', async () => {
      const { token } = await startSession();
      const headerSets: Record<string, string>[] = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer garbage-token' },
        { authorization: `Bearer ${token}x` },
        { authorization: `Basic ${token}` },
        { authorization: token },
      ];
      for (const headers of headerSets) {
        const response = await profile(headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.json()).toEqual(UNAUTHORIZED);
      }
    });

    it('expires the token after SESSION_TTL_MINUTES; the refresh cookie then restores a session', async () => {
      const { token, cookie } = await startSession();
      offsetMs += (t.config.SESSION_TTL_MINUTES - 1) * 60_000;
      expect((await profile(t.bearer(token))).statusCode).toBe(200);

      offsetMs += 2 * 60_000;
      const expired = await profile(t.bearer(token));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(UNAUTHORIZED);

      const restored = await refresh(cookie);
      expect(restored.statusCode).toBe(200);
      expect((await profile(t.bearer(restored.json<AuthResponse>().token))).statusCode).toBe(200);
    });

    it('refuses a refresh cookie older than REFRESH_TTL_DAYS', async () => {
      const { cookie } = await startSession();
      offsetMs += (t.config.REFRESH_TTL_DAYS * 24 + 1) * 3_600_000;
      expectNoSession(await refresh(cookie));
    });
  });
});
