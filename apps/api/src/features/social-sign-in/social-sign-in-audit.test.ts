import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/factories.ts';
import {
  landing,
  pendingCookie,
  roundTrip,
  useSocialSignInApp,
  withPending,
} from '../../../test/social-round-trip.ts';
import { auditLog } from '../../db/schema/audit.ts';

const app = useSocialSignInApp();

const person = (email: string) => ({
  email,
  givenName: 'Ada',
  familyName: 'Lovelace',
  gender: 'female',
  birthdate: '1985-12-10',
});

const signInsOf = (accountId: string) =>
  app.t.db
    .select({
      actor: auditLog.actorAccountId,
      target: auditLog.targetId,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'account.sign-in'), eq(auditLog.targetId, accountId)))
    .orderBy(auditLog.createdAt);

// Issue 27, deliverable 9: a sign-in through a provider is a sign-in like any other.
describe('the audit of a social sign-in', () => {
  it('records the link by password, then each sign-in through the provider', async () => {
    const account = await createAccount(app.t.db, {
      email: `audited-${randomUUID().slice(0, 8)}@example.test`,
    });
    const pending = pendingCookie(await roundTrip(app.t, app.idp, 'google', person(account.email)));
    const linked = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/social/link',
      cookies: withPending(pending),
      payload: { password: account.password },
    });
    expect(linked.statusCode).toBe(200);

    const signedIn = await roundTrip(app.t, app.idp, 'google', person(account.email));
    expect(landing(signedIn).pathname).toBe('/user');

    const local = '127.0.0.1';
    expect(await signInsOf(account.id)).toEqual([
      {
        actor: account.id,
        target: account.id,
        ip: local,
        details: { method: 'password', linkedProvider: 'google' },
      },
      {
        actor: account.id,
        target: account.id,
        ip: local,
        details: { method: 'social', provider: 'google' },
      },
    ]);
  });
});
