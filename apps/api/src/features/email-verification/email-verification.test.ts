import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import {
  CHECK_INBOX_MESSAGE,
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  VERIFICATION_LINK_INVALID_MESSAGE,
} from '@resonant/contracts/email-verification';
import type { UserProfile } from '@resonant/contracts/profile';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createAccount, signUpBody } from '../../../test/factories.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { accounts, accountTokens } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';

const VERIFY_PATH = '/verify-email';
const HOUR_MS = 3_600_000;

describe('proven emails: sign-up, the confirmation link, resend', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let offsetMs = 0;

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      env: { PUBLIC_URL: 'https://resonant.example' },
      clock: () => new Date(Date.now() + offsetMs),
    }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signUp = (payload: Record<string, unknown>) =>
    t.call('POST', '/api/auth/sign-up', undefined, payload);
  const verify = (token: string) => t.call('POST', '/api/auth/verify-email', undefined, { token });
  const profile = async (bearer: string) =>
    (await t.call('GET', '/api/user/profile', bearer)).json<
      UserProfile & { emailVerified: boolean }
    >();
  const accountsOf = (email: string) =>
    t.db
      .select({
        id: accounts.id,
        verifiedAt: accounts.emailVerifiedAt,
        hash: accounts.passwordHash,
      })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${email}`);
  const auditRows = (action: string, targetId: string) =>
    t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  it('answers a new, an unproven and a proven address alike: 202, check your inbox, no session', async () => {
    const fresh = signUpBody();
    const unproven = signUpBody();
    await signUp(unproven);
    const proven = await createAccount(t.db);

    const answers = [
      await signUp(fresh),
      await signUp(signUpBody({ email: unproven.email, password: 'Other#Pass9' })),
      await signUp(signUpBody({ email: proven.email, password: 'Other#Pass9' })),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: CHECK_INBOX_MESSAGE });
      expect(answer.cookies).toEqual([]);
    }
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    // The proven account keeps its password; the notice mailed to it carries no confirmation link.
    expect((await accountsOf(proven.email))[0]?.hash).toMatch(/^\$argon2id\$/);
    expect(await t.signIn(proven.email, proven.password)).toEqual(expect.any(String));
    const notice = await smtp.waitForMail(proven.email);
    expect(notice.text).toContain('/login');
    expect(notice.text).not.toContain(VERIFY_PATH);
  });

  it('creates the account unproven; it signs in, and the mailed link proves it once', async () => {
    const body = signUpBody({ email: `Ada.${Date.now()}@Example.TEST` });
    const email = body.email.toLowerCase();
    expect((await signUp(body)).statusCode).toBe(202);
    const [account] = await accountsOf(email);
    expect(account?.verifiedAt).toBeNull();
    expect(account?.hash).toMatch(/^\$argon2id\$/);

    const bearer = await t.signIn(email, body.password);
    expect((await profile(bearer)).emailVerified).toBe(false);

    const token = linkToken(await smtp.waitForMail(email), VERIFY_PATH);
    const confirmed = await verify(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email });
    expect(confirmed.cookies).toEqual([]);
    expect((await profile(bearer)).emailVerified).toBe(true);
    expect(await auditRows('account.email-verified', account!.id)).toHaveLength(1);

    const again = await verify(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: VERIFICATION_LINK_INVALID_MESSAGE });
  });

  it('refuses an expired link and a made-up one with the same message', async () => {
    const body = signUpBody();
    await signUp(body);
    const token = linkToken(await smtp.waitForMail(body.email), VERIFY_PATH);
    offsetMs += (t.config.EMAIL_VERIFICATION_TTL_HOURS + 1) * HOUR_MS;
    try {
      const expired = await verify(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ message: VERIFICATION_LINK_INVALID_MESSAGE });
      expect((await verify('made-up-token')).statusCode).toBe(410);
      expect((await accountsOf(body.email))[0]?.verifiedAt).toBeNull();
    } finally {
      offsetMs = 0;
    }
  });

  it('takes a squatted address from the unproven account once its owner follows the link', async () => {
    const email = `it-lead.${Date.now()}@newcustomer.example`;
    await signUp(signUpBody({ email, password: 'Squatter#1', firstName: 'Mallory' }));
    const [squatter] = await accountsOf(email);
    const squatterBearer = await t.signIn(email, 'Squatter#1');

    expect((await signUp(signUpBody({ email, password: 'Owner#Pass2' }))).statusCode).toBe(202);
    const ownerToken = linkToken(await smtp.waitForMail(email, { index: 1 }), VERIFY_PATH);
    expect((await verify(ownerToken)).statusCode).toBe(200);

    // The squatter's session ended and its password no longer opens the address.
    expect((await t.call('GET', '/api/user/profile', squatterBearer)).statusCode).toBe(401);
    const squatterSignIn = await t.call('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Squatter#1',
    });
    expect(squatterSignIn.statusCode).toBe(401);
    const [holder] = await accountsOf(email);
    expect(holder?.id).not.toBe(squatter!.id);
    expect(holder?.verifiedAt).not.toBeNull();
    const [released] = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, squatter!.id));
    expect(released?.email).not.toBe(email);
    expect(released?.email).toMatch(/\.invalid$/);
    expect(await auditRows('account.email-released', squatter!.id)).toHaveLength(1);

    const ownerBearer = await t.signIn(email, 'Owner#Pass2');
    expect(await profile(ownerBearer)).toMatchObject({ email, emailVerified: true });

    // The squatter's own link, mailed first, no longer proves anything.
    const squatterToken = linkToken(await smtp.waitForMail(email, { index: 0 }), VERIFY_PATH);
    expect((await verify(squatterToken)).statusCode).toBe(410);
  });

  it('keeps the raw password out of the pending sign-up it stores', async () => {
    const email = `held.${Date.now()}@example.test`;
    await signUp(signUpBody({ email }));
    await signUp(signUpBody({ email, password: 'Plain#Text77' }));
    const rows = await t.db
      .select({ payload: accountTokens.payload })
      .from(accountTokens)
      .where(eq(accountTokens.email, email));
    expect(rows.some((row) => row.payload !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Plain#Text77');
  });

  describe('resend (POST /api/auth/verify-email/resend)', () => {
    const resend = (bearer?: string) => t.call('POST', '/api/auth/verify-email/resend', bearer);

    it('answers 401 signed out', async () => {
      expect((await resend()).statusCode).toBe(401);
    });

    it('answers 409 for a proven account', async () => {
      const proven = await createAccount(t.db);
      const response = await resend(await t.signIn(proven.email, proven.password));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: EMAIL_ALREADY_VERIFIED_MESSAGE });
    });

    it('mails a new link that works, and the older one stops working', async () => {
      const body = signUpBody();
      await signUp(body);
      const first = linkToken(await smtp.waitForMail(body.email), VERIFY_PATH);
      const bearer = await t.signIn(body.email, body.password);
      expect((await resend(bearer)).statusCode).toBe(202);
      const second = linkToken(await smtp.waitForMail(body.email, { index: 1 }), VERIFY_PATH);
      expect((await verify(first)).statusCode).toBe(410);
      expect((await verify(second)).statusCode).toBe(200);
    });

    it('is limited per account', async () => {
      const body = signUpBody();
      await signUp(body);
      const bearer = await t.signIn(body.email, body.password);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await resend(bearer)).statusCode);
      expect(statuses).toContain(429);
    });
  });

  it('puts emailVerified in the sign-in answer', async () => {
    const body = signUpBody();
    await signUp(body);
    const response = await t.call('POST', '/api/auth/sign-in', undefined, {
      email: body.email,
      password: body.password,
    });
    expect(response.json<AuthResponse>().user).toMatchObject({ emailVerified: false });
  });
});
