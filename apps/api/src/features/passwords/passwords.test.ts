import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import {
  PASSWORD_TOO_COMMON_MESSAGE,
  RESET_LINK_DEAD_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@resonant/contracts/passwords';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createAccount, signUpBody } from '../../../test/factories.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { accounts, accountTokens } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';

describe('passwords: change, and reset by a mailed link', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      clock: now,
      env: { PASSWORD_RESET_MAILS_PER_EMAIL: '3' },
    }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signIn = (email: string, password: string) =>
    t.call('POST', '/api/auth/sign-in', undefined, { email, password });
  const forgot = (email: string) =>
    t.call('POST', '/api/auth/forgot-password', undefined, { email });
  const reset = (token: string, password: string) =>
    t.call('POST', '/api/auth/reset-password', undefined, { token, password });
  const auditActions = async (accountId: string) =>
    (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorAccountId, accountId))
    ).map((row) => row.action);

  describe('PUT /api/user/password', () => {
    it('answers 401 when signed out', async () => {
      const response = await t.call('PUT', '/api/user/password', undefined, {
        currentPassword: 'Secret#123',
        newPassword: 'Brand#New#Pass1',
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a wrong current password, a short one and a common one', async () => {
      const person = await createAccount(t.db);
      const token = await t.signIn(person.email, person.password);
      const change = (currentPassword: string, newPassword: string) =>
        t.call('PUT', '/api/user/password', token, { currentPassword, newPassword });
      const wrong = await change('Wrong#123', 'Brand#New#Pass1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: WRONG_CURRENT_PASSWORD_MESSAGE });
      const short = await change(person.password, 'Ab#1234');
      expect(short.statusCode).toBe(400);
      expect(short.json<{ message: string }>().message).toMatch(/at least 8 characters/);
      const common = await change(person.password, 'Password123!');
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ message: PASSWORD_TOO_COMMON_MESSAGE });
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('changes it, keeps this session, ends every other one and audits the change', async () => {
      const person = await createAccount(t.db);
      const here = await t.signIn(person.email, person.password);
      const elsewhere = await signIn(person.email, person.password);
      const changed = await t.call('PUT', '/api/user/password', here, {
        currentPassword: person.password,
        newPassword: 'Brand#New#Pass1',
      });
      expect(changed.statusCode).toBe(200);
      expect((await t.call('GET', '/api/user/profile', here)).statusCode).toBe(200);
      const other = elsewhere.json<AuthResponse>().token;
      expect((await t.call('GET', '/api/user/profile', other)).statusCode).toBe(401);
      expect((await signIn(person.email, person.password)).statusCode).toBe(401);
      expect((await signIn(person.email, 'Brand#New#Pass1')).statusCode).toBe(200);
      expect(await auditActions(person.id)).toContain('account.password-change');
    });
  });

  describe('sign-up and the common-password check', () => {
    it('refuses a common password at sign-up', async () => {
      const response = await t.call(
        'POST',
        '/api/auth/sign-up',
        undefined,
        signUpBody({ password: 'Password123!' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: PASSWORD_TOO_COMMON_MESSAGE });
    });
  });

  describe('forgot password, then reset', () => {
    it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
      const person = await createAccount(t.db);
      const unknown = `nobody.${Date.now()}@example.test`;
      const known = await forgot(person.email);
      const stranger = await forgot(unknown);
      expect(known.statusCode).toBe(202);
      expect(stranger.statusCode).toBe(202);
      expect(stranger.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect(stranger.body).toBe(known.body);
      expect(Object.keys(stranger.headers).sort()).toEqual(Object.keys(known.headers).sort());
      const mail = await smtp.waitForMail(person.email);
      expect(mail.subject).toBe('Reset your Resonant password');
      expect(smtp.received.some((received) => received.to.includes(unknown))).toBe(false);
      const stored = await t.db
        .select({ tokenHash: accountTokens.tokenHash })
        .from(accountTokens)
        .where(eq(accountTokens.email, person.email));
      // Only the hash is kept: the mailed token is nowhere in the table.
      expect(stored.map((row) => row.tokenHash)).not.toContain(linkToken(mail, '/reset-password'));
    });

    it('sets the new password once: sessions end, the link is dead after, temporary cleared', async () => {
      const person = await createAccount(t.db);
      await t.db
        .update(accounts)
        .set({ passwordTemporary: true })
        .where(eq(accounts.id, person.id));
      const before = (await signIn(person.email, person.password)).json<AuthResponse>().token;
      await forgot(person.email);
      const token = linkToken(await smtp.waitForMail(person.email), '/reset-password');

      const common = await reset(token, 'Password123!');
      expect(common.json()).toEqual({ message: PASSWORD_TOO_COMMON_MESSAGE });
      const done = await reset(token, 'Reset#Chosen#77');
      expect(done.statusCode).toBe(200);
      expect((await t.call('GET', '/api/user/profile', before)).statusCode).toBe(401);
      const after = await signIn(person.email, 'Reset#Chosen#77');
      expect(after.statusCode).toBe(200);
      expect(after.json<AuthResponse>().user.passwordChangeRequired).toBe(false);

      const again = await reset(token, 'Another#Chosen#88');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: RESET_LINK_DEAD_MESSAGE });
      expect(await auditActions(person.id)).toEqual(
        expect.arrayContaining(['account.password-reset-request', 'account.password-reset']),
      );
    });

    it('refuses an expired link and a made-up one', async () => {
      const person = await createAccount(t.db);
      await forgot(person.email);
      const token = linkToken(await smtp.waitForMail(person.email), '/reset-password');
      offsetMs += (t.config.PASSWORD_RESET_TTL_MINUTES + 1) * 60_000;
      expect((await reset(token, 'Reset#Chosen#77')).statusCode).toBe(404);
      expect((await reset('made-up-token', 'Reset#Chosen#77')).statusCode).toBe(404);
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('mails an address at most PASSWORD_RESET_MAILS_PER_EMAIL times an hour, answering the same', async () => {
      const person = await createAccount(t.db);
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await forgot(person.email);
        expect(response.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
      // Each link replaces the one before, so one mail goes out: the third link's.
      await smtp.waitForMail(person.email);
      const issued = await t.db
        .select({ id: accountTokens.id })
        .from(accountTokens)
        .where(
          and(eq(accountTokens.email, person.email), eq(accountTokens.purpose, 'reset-password')),
        );
      expect(issued).toHaveLength(3);
    });
  });
});
