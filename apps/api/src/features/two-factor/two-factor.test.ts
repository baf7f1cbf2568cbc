import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, MfaChallengeResponse } from '@resonant/contracts/auth';
import {
  ADMIN_MFA_REQUIRED_MESSAGE,
  APP_ADMIN_KEEPS_TWO_FACTOR_MESSAGE,
  ENROL_BEFORE_REQUIRING_MESSAGE,
  INVALID_TOTP_CODE_MESSAGE,
  MFA_CHALLENGE_EXPIRED_MESSAGE,
  type RecoveryCodesResponse,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@resonant/contracts/two-factor';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { accounts, recoveryCodes, sessions } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { REFRESH_COOKIE } from '../../kernel/session-cookie.ts';

const UNAUTHORIZED = { message: 'Unauthorized' };

describe('two-factor authentication', () => {
  let t: TestApp;
  // The app's clock stands still unless a test moves it forward, by this much, to a later time
  // step or past an expiry: on the wall clock a step could turn between computing a code and the
  // server checking it, making "two steps away" one step away.
  const startedAt = Date.now();
  let offsetMs = 0;
  const now = () => new Date(startedAt + offsetMs);
  /** The code of `secret` at the app's now, `steps` time steps away. */
  const codeOf = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(now().getTime() / 1000) + steps * 30 });
  /** Moves time to the start of a later time step, so the next code is a new one. */
  const nextStep = () => {
    offsetMs += 30_000;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: now });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const verify = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/two-factor', payload: { challenge, code } });
  const auditActions = async (accountId: string) =>
    (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorAccountId, accountId))
    ).map((row) => row.action);
  const sessionsOf = async (accountId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.accountId, accountId))).length;

  /** Enrols an account through the API; answers its secret and recovery codes. */
  async function enrol(token: string) {
    const setup = await t.call('POST', '/api/user/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<TwoFactorSetup>();
    const confirmed = await t.call('POST', '/api/user/two-factor/confirm', token, {
      code: await codeOf(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    nextStep();
    return { secret, recoveryCodes: confirmed.json<RecoveryCodesResponse>().recoveryCodes };
  }

  /** A new account with TOTP on: its credentials, secret and recovery codes. */
  async function enrolledAccount(email?: string) {
    const account = await createAccount(t.db, email ? { email } : {});
    const token = await t.signIn(account.email, account.password);
    return { ...account, token, ...(await enrol(token)) };
  }

  /** Signs in with the password: the challenge the second step must answer. */
  async function challengeOf(email: string, password: string) {
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(200);
    const body = response.json<MfaChallengeResponse>();
    expect(body.mfaRequired).toBe(true);
    return body.challenge;
  }

  describe('enrolment', () => {
    it('asks a session of every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/user/two-factor'],
        ['POST', '/api/user/two-factor/setup'],
        ['POST', '/api/user/two-factor/confirm'],
        ['POST', '/api/user/two-factor/disable'],
        ['POST', '/api/user/two-factor/recovery-codes'],
      ] as const) {
        const response = await t.call(method, url, undefined, { code: '123456' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toEqual(UNAUTHORIZED);
      }
    });

    it('keeps a new secret pending until a current code confirms it', async () => {
      const account = await createAccount(t.db);
      const token = await t.signIn(account.email, account.password);
      const setup = await t.call('POST', '/api/user/two-factor/setup', token);
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUri, qrCodeSvg } = setup.json<TwoFactorSetup>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Resonant');
      expect(qrCodeSvg).toContain('<svg');
      // Pending: signing in still opens a session at once.
      expect((await signIn(account.email, account.password)).json()).toHaveProperty('token');
      const status = await t.call('GET', '/api/user/two-factor', token);
      expect(status.json<TwoFactorStatus>()).toMatchObject({ enabled: false });

      const wrong = await t.call('POST', '/api/user/two-factor/confirm', token, {
        code: (Number(await codeOf(secret)) + 1).toString().padStart(6, '0').slice(-6),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: INVALID_TOTP_CODE_MESSAGE });

      const confirmed = await t.call('POST', '/api/user/two-factor/confirm', token, {
        code: await codeOf(secret),
      });
      expect(confirmed.statusCode).toBe(200);
      const codes = confirmed.json<RecoveryCodesResponse>().recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const stored = await t.db
        .select({ hash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.accountId, account.id));
      expect(stored).toHaveLength(10);
      for (const code of codes) expect(stored.map((row) => row.hash)).not.toContain(code);
      const status2 = await t.call('GET', '/api/user/two-factor', token);
      expect(status2.json<TwoFactorStatus>()).toMatchObject({
        enabled: true,
        recoveryCodesLeft: 10,
        canDisable: true,
      });
      expect(await auditActions(account.id)).toContain('account.mfa-enrol');
      const profile = await t.call('GET', '/api/user/profile', token);
      expect(profile.json()).toMatchObject({ mfaEnabled: true });
    });

    it('refuses a second setup once it is on', async () => {
      const account = await enrolledAccount();
      const again = await t.call('POST', '/api/user/two-factor/setup', account.token);
      expect(again.statusCode).toBe(409);
    });
  });

  describe('sign-in', () => {
    it('opens no session with the password alone: it answers a challenge', async () => {
      const account = await enrolledAccount();
      const before = await sessionsOf(account.id);
      const response = await signIn(account.email, account.password);
      expect(response.statusCode).toBe(200);
      const body = response.json<MfaChallengeResponse & { token?: string }>();
      expect(body).toEqual({
        mfaRequired: true,
        challenge: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(Date.parse(body.expiresAt) - now().getTime()).toBeLessThanOrEqual(5 * 60_000);
      expect(response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined();
      expect(await sessionsOf(account.id)).toBe(before);
    });

    it('refuses a wrong code and opens the session with the right one', async () => {
      const account = await enrolledAccount();
      const challenge = await challengeOf(account.email, account.password);
      const wrong = await verify(
        challenge,
        '000000' === (await codeOf(account.secret)) ? '111111' : '000000',
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: INVALID_TOTP_CODE_MESSAGE });
      expect(await auditActions(account.id)).toContain('account.mfa-failed');

      const right = await verify(challenge, await codeOf(account.secret));
      expect(right.statusCode).toBe(200);
      const session = right.json<AuthResponse>();
      expect(session.user).toMatchObject({ user_id: account.id, mfaEnabled: true });
      expect(right.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeDefined();
      const profile = await t.call('GET', '/api/user/profile', session.token);
      expect(profile.statusCode).toBe(200);
      expect(await auditActions(account.id)).toContain('account.mfa-use');
    });

    it('accepts the code of the step before or after now, not two away', async () => {
      const account = await enrolledAccount();
      nextStep(); // the step before now is not the one the enrolment took
      const challenge = await challengeOf(account.email, account.password);
      expect((await verify(challenge, await codeOf(account.secret, 2))).statusCode).toBe(401);
      expect((await verify(challenge, await codeOf(account.secret, -1))).statusCode).toBe(200);
      nextStep();
      const second = await challengeOf(account.email, account.password);
      expect((await verify(second, await codeOf(account.secret, 1))).statusCode).toBe(200);
    });

    it('never takes the same code twice, even in another sign-in', async () => {
      const account = await enrolledAccount();
      const code = await codeOf(account.secret);
      const first = await challengeOf(account.email, account.password);
      expect((await verify(first, code)).statusCode).toBe(200);
      const second = await challengeOf(account.email, account.password);
      const replayed = await verify(second, code);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({ message: INVALID_TOTP_CODE_MESSAGE });
    });

    it('spends the challenge once', async () => {
      const account = await enrolledAccount();
      const challenge = await challengeOf(account.email, account.password);
      expect((await verify(challenge, await codeOf(account.secret))).statusCode).toBe(200);
      nextStep();
      const again = await verify(challenge, await codeOf(account.secret));
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ message: MFA_CHALLENGE_EXPIRED_MESSAGE });
    });

    it('lets a challenge expire after five minutes', async () => {
      const account = await enrolledAccount();
      const challenge = await challengeOf(account.email, account.password);
      offsetMs += 5 * 60_000 + 1000;
      const late = await verify(challenge, await codeOf(account.secret));
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ message: MFA_CHALLENGE_EXPIRED_MESSAGE });
    });

    it('refuses a challenge nobody issued', async () => {
      const response = await verify('not-a-challenge', '123456');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MFA_CHALLENGE_EXPIRED_MESSAGE });
    });

    it('takes a recovery code once', async () => {
      const account = await enrolledAccount();
      const [code] = account.recoveryCodes;
      const challenge = await challengeOf(account.email, account.password);
      const used = await verify(challenge, code!.toUpperCase());
      expect(used.statusCode).toBe(200);
      expect(await auditActions(account.id)).toContain('account.mfa-recovery-use');
      const status = await t.call('GET', '/api/user/two-factor', used.json<AuthResponse>().token);
      expect(status.json<TwoFactorStatus>().recoveryCodesLeft).toBe(9);

      const second = await challengeOf(account.email, account.password);
      const reused = await verify(second, code!);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ message: INVALID_TOTP_CODE_MESSAGE });
    });
  });

  describe('disable and recovery codes', () => {
    it('turns off with a current code or the password, not a wrong one', async () => {
      const account = await enrolledAccount();
      const wrong = await t.call('POST', '/api/user/two-factor/disable', account.token, {
        password: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(400);
      const off = await t.call('POST', '/api/user/two-factor/disable', account.token, {
        code: await codeOf(account.secret),
      });
      expect(off.statusCode).toBe(204);
      expect(await auditActions(account.id)).toContain('account.mfa-disable');
      expect((await signIn(account.email, account.password)).json()).toHaveProperty('token');
      const left = await t.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.accountId, account.id));
      expect(left).toHaveLength(0);

      const again = await enrolledAccount();
      const byPassword = await t.call('POST', '/api/user/two-factor/disable', again.token, {
        password: again.password,
      });
      expect(byPassword.statusCode).toBe(204);
    });

    it('keeps the app admin’s second factor on', async () => {
      const admin = await enrolledAccount(APP_ADMIN_EMAIL);
      const off = await t.call('POST', '/api/user/two-factor/disable', admin.token, {
        password: admin.password,
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ message: APP_ADMIN_KEEPS_TWO_FACTOR_MESSAGE });
      const [row] = await t.db
        .select({ enabledAt: accounts.totpEnabledAt })
        .from(accounts)
        .where(eq(accounts.id, admin.id));
      expect(row?.enabledAt).not.toBeNull();
    });

    it('replaces every recovery code with a current code', async () => {
      const account = await enrolledAccount();
      const wrong = await t.call('POST', '/api/user/two-factor/recovery-codes', account.token, {
        code: '12345',
      });
      expect(wrong.statusCode).toBe(400);
      const renewed = await t.call('POST', '/api/user/two-factor/recovery-codes', account.token, {
        code: await codeOf(account.secret),
      });
      expect(renewed.statusCode).toBe(200);
      const fresh = renewed.json<RecoveryCodesResponse>().recoveryCodes;
      expect(fresh).toHaveLength(10);
      const challenge = await challengeOf(account.email, account.password);
      expect((await verify(challenge, account.recoveryCodes[0]!)).statusCode).toBe(401);
      expect((await verify(challenge, fresh[0]!)).statusCode).toBe(200);
    });
  });

  describe('an organisation that requires it of its admins', () => {
    it('answers 401 without a session and 403 to a group admin or a member', async () => {
      const org = await buildOrg(t, {
        groups: ['Alpha'],
        people: { lead: { adminOf: ['Alpha'] }, ada: { groups: ['Alpha'] } },
        signIn: ['lead', 'ada'],
      });
      for (const method of ['GET', 'PUT'] as const) {
        const payload = { requireAdminMfa: true };
        expect(
          (await t.call(method, '/api/org/two-factor-policy', undefined, payload)).statusCode,
        ).toBe(401);
        for (const token of [org.tokens.lead, org.tokens.ada]) {
          expect(
            (await t.call(method, '/api/org/two-factor-policy', token, payload)).statusCode,
          ).toBe(403);
        }
      }
    });

    it('is turned on by an enrolled org admin, and blocks the admins without a second factor', async () => {
      const org = await buildOrg(t, {
        groups: ['Alpha'],
        people: {
          admin: { orgAdmin: true },
          other: { orgAdmin: true },
          lead: { adminOf: ['Alpha'] },
          ada: { groups: ['Alpha'] },
        },
        signIn: ['admin', 'other', 'lead', 'ada'],
      });
      const refused = await t.call('PUT', '/api/org/two-factor-policy', org.tokens.admin, {
        requireAdminMfa: true,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: ENROL_BEFORE_REQUIRING_MESSAGE });

      await enrol(org.tokens.admin);
      const on = await t.call('PUT', '/api/org/two-factor-policy', org.tokens.admin, {
        requireAdminMfa: true,
      });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ requireAdminMfa: true });
      expect((await t.call('GET', '/api/org/two-factor-policy', org.tokens.admin)).json()).toEqual({
        requireAdminMfa: true,
      });
      const [audited] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'organization.require-admin-mfa')),
        );
      expect(audited?.actorAccountId).toBe(org.ids.admin);

      // The other org admin and the group admin, without a second factor: no admin action.
      for (const [token, url] of [
        [org.tokens.other, '/api/org/details'],
        [org.tokens.lead, '/api/hrv_analytics/group_users_trends'],
      ] as const) {
        const blocked = await t.call('GET', url, token);
        expect(blocked.statusCode, url).toBe(403);
        expect(blocked.json()).toEqual({ message: ADMIN_MFA_REQUIRED_MESSAGE });
      }
      const profile = await t.call('GET', '/api/user/profile', org.tokens.other);
      expect(profile.json()).toMatchObject({ mfaEnabled: false, mfaSetupRequired: true });
      // The enrolled admin acts; the member is not bound; the blocked admin can still enrol.
      expect((await t.call('GET', '/api/org/details', org.tokens.admin)).statusCode).toBe(200);
      expect((await t.call('GET', '/api/user/profile', org.tokens.ada)).json()).toMatchObject({
        mfaSetupRequired: false,
      });
      await enrol(org.tokens.other);
      expect((await t.call('GET', '/api/org/details', org.tokens.other)).statusCode).toBe(200);
    });
  });

  describe('the sign-in limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await buildTestApp({ clock: now, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
    });
    afterAll(() => limited.close());

    it('count wrong codes: past them even the right code is refused', async () => {
      const account = await createAccount(limited.db);
      const token = await limited.signIn(account.email, account.password);
      const setup = (
        await limited.call('POST', '/api/user/two-factor/setup', token)
      ).json<TwoFactorSetup>();
      await limited.call('POST', '/api/user/two-factor/confirm', token, {
        code: await codeOf(setup.secret),
      });
      nextStep();
      const signedIn = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: account.password },
      });
      const { challenge } = signedIn.json<MfaChallengeResponse>();
      const attempt = (code: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/two-factor',
          payload: { challenge, code },
        });
      const wrong = (await codeOf(setup.secret)) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i += 1) expect((await attempt(wrong)).statusCode).toBe(401);
      expect((await attempt(await codeOf(setup.secret))).statusCode).toBe(429);
    });
  });
});
