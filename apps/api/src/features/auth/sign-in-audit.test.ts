import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { hashToken } from '../../lib/crypto.ts';

// Issue 27, deliverable 9: sign-in, its failures and sign-out are security events, recorded with
// who, whom, from where and when. The client's address is the one the proxy saw (TRUST_PROXY=1).
describe('the audit of signing in and out', () => {
  let t: TestApp;
  const CLIENT = '203.0.113.7';

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_ACCOUNT: '2' } });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `198.51.100.1, ${CLIENT}` },
      payload: { email, password },
    });

  const SIGN_IN_ACTIONS = ['account.sign-in', 'account.sign-in-failed', 'account.sign-out'];
  const eventsOf = (where = inArray(auditLog.action, SIGN_IN_ACTIONS)) =>
    t.db
      .select({
        action: auditLog.action,
        actor: auditLog.actorAccountId,
        targetType: auditLog.targetType,
        target: auditLog.targetId,
        orgId: auditLog.orgId,
        ip: auditLog.ip,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt));
  const eventsOfAccount = (accountId: string) =>
    eventsOf(and(inArray(auditLog.action, SIGN_IN_ACTIONS), eq(auditLog.targetId, accountId)));

  it('records a password sign-in with the account, its address and the time', async () => {
    const account = await createAccount(t.db);
    const before = Date.now();
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    const [event] = await eventsOfAccount(account.id);
    expect(event).toEqual({
      action: 'account.sign-in',
      actor: account.id,
      targetType: 'account',
      target: account.id,
      orgId: null,
      ip: CLIENT,
      details: { method: 'password' },
      createdAt: expect.any(Date),
    });
    expect(event!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records a wrong password against the account, never the password typed', async () => {
    const account = await createAccount(t.db);
    const typed = `Guess-${randomUUID()}`;
    expect((await signIn(account.email, typed)).statusCode).toBe(401);
    const events = await eventsOfAccount(account.id);
    expect(events).toEqual([
      {
        action: 'account.sign-in-failed',
        actor: null,
        targetType: 'account',
        target: account.id,
        orgId: null,
        ip: CLIENT,
        details: { method: 'password', reason: 'wrong-password' },
        createdAt: expect.any(Date),
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(typed);
  });

  it('records an unknown email with no account and only the hash of the address', async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    const typed = `Guess-${randomUUID()}`;
    expect((await signIn(email, typed)).statusCode).toBe(401);
    const events = (await eventsOf(eq(auditLog.action, 'account.sign-in-failed'))).filter(
      (event) => event.details?.emailHash === hashToken(email),
    );
    expect(events).toEqual([
      {
        action: 'account.sign-in-failed',
        actor: null,
        targetType: 'account',
        target: null,
        orgId: null,
        ip: CLIENT,
        details: { method: 'password', reason: 'unknown-email', emailHash: hashToken(email) },
        createdAt: expect.any(Date),
      },
    ]);
    const stored = JSON.stringify(await eventsOf());
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(typed);
  });

  it('writes nothing for an attempt the sign-in limits refuse (no write amplification)', async () => {
    const account = await createAccount(t.db);
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await signIn(account.email, `Wrong#${attempt}`);
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= 2 ? 401 : 429);
    }
    expect(await eventsOfAccount(account.id)).toHaveLength(2);
  });

  it('records a sign-out by the account, from its address', async () => {
    const account = await createAccount(t.db);
    const { token } = (await signIn(account.email, account.password)).json<{ token: string }>();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': CLIENT, authorization: `Bearer ${token}` },
    });
    expect(signedOut.statusCode).toBe(204);
    const [event] = await eventsOfAccount(account.id);
    expect(event).toMatchObject({
      action: 'account.sign-out',
      actor: account.id,
      target: account.id,
      orgId: null,
      ip: CLIENT,
    });
  });
});
