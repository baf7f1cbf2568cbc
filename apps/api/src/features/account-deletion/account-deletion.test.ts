import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_CONFIRMATION,
  PASSWORD_REQUIRED_MESSAGE,
  SIGN_IN_AGAIN_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  lastAdminMessage,
} from '@resonant/contracts/account-deletion';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { accounts, sessions } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';

const URL = '/api/v1/account/delete';

describe('POST /api/v1/account/delete: the rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const accountExists = async (id: string) =>
    (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))).length === 1;
  const teamOf = (name: string) =>
    buildOrg(t, {
      name: `${name} ${randomUUID().slice(0, 8)}`,
      people: { owner: { orgAdmin: true }, ada: {} },
      signIn: ['owner', 'ada'],
    });

  it('answers 401 signed out', async () => {
    const response = await t.call('POST', URL, undefined, { confirmation: DELETE_CONFIRMATION });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to the app admin, whose account is not deleted from inside the app', async () => {
    const admin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    const body = { password: admin.password, confirmation: DELETE_CONFIRMATION };
    expect((await t.call('POST', URL, admin.token, body)).statusCode).toBe(403);
    expect(await accountExists(admin.id)).toBe(true);
  });

  it('refuses a wrong or missing password and a wrong confirmation, deleting nothing', async () => {
    const person = await signedInAccount(t);
    const wrong = await t.call('POST', URL, person.token, {
      password: 'not-the-password',
      confirmation: DELETE_CONFIRMATION,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_PASSWORD_MESSAGE });
    const missing = await t.call('POST', URL, person.token, { confirmation: DELETE_CONFIRMATION });
    expect(missing.json()).toEqual({ message: PASSWORD_REQUIRED_MESSAGE });
    const unconfirmed = await t.call('POST', URL, person.token, {
      password: person.password,
      confirmation: 'delete',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await accountExists(person.id)).toBe(true);
  });

  it('refuses the last org admin with the reason, and lets them go once another admin exists', async () => {
    const org = await teamOf('Alone');
    const body = { password: org.people.owner.password, confirmation: DELETE_CONFIRMATION };
    const refused = await t.call('POST', URL, org.tokens.owner, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: lastAdminMessage(org.name) });
    expect(await accountExists(org.ids.owner)).toBe(true);

    const second = await signedInAccount(t);
    await addMember(t.db, org.id, second.id, { orgAdmin: true });
    expect((await t.call('POST', URL, org.tokens.owner, body)).statusCode).toBe(200);
    expect(await accountExists(org.ids.owner)).toBe(false);
  });

  it('deletes a member: signed out at once, cannot sign in, removed from the organisation', async () => {
    const org = await teamOf('Team');
    const body = { password: org.people.ada.password, confirmation: DELETE_CONFIRMATION };
    const done = await t.call('POST', URL, org.tokens.ada, body);
    expect(done.statusCode).toBe(200);
    expect(done.headers['set-cookie']).toBeDefined();
    expect((await t.call('GET', '/api/user/profile', org.tokens.ada)).statusCode).toBe(401);
    const signIn = await t.call('POST', '/api/auth/sign-in', undefined, {
      email: org.people.ada.email,
      password: org.people.ada.password,
    });
    expect(signIn.statusCode).toBe(401);

    const users = await t.call('GET', '/api/org/users?type=all', org.tokens.owner);
    expect(users.statusCode).toBe(200);
    expect(users.body).not.toContain(org.ids.ada);
    // The organisation's trail records a removal, as an admin's would, by a pseudonym.
    const [removal] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'org-user.remove')));
    expect(removal).toMatchObject({
      actorAccountId: null,
      actorPseudonym: expect.stringMatching(/^deleted-[0-9a-f]{16}$/),
      details: { role: 'member', payer: 'org', isExternal: false, reason: 'account-deleted' },
    });
    expect(removal!.targetId).toBe(removal!.actorPseudonym);
    const [deletion] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'account.delete'), eq(auditLog.targetId, removal!.actorPseudonym!)),
      );
    expect(deletion).toMatchObject({ actorPseudonym: removal!.actorPseudonym, orgId: null });
  });

  it('asks an account without a password for a fresh sign-in', async () => {
    const person = await signedInAccount(t);
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, person.id));
    const body = { confirmation: DELETE_CONFIRMATION };
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await t.db
      .update(sessions)
      .set({ createdAt: longAgo })
      .where(eq(sessions.accountId, person.id));
    const stale = await t.call('POST', URL, person.token, body);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: SIGN_IN_AGAIN_MESSAGE });
    await t.db
      .update(sessions)
      .set({ createdAt: new Date() })
      .where(eq(sessions.accountId, person.id));
    expect((await t.call('POST', URL, person.token, body)).statusCode).toBe(200);
    expect(await accountExists(person.id)).toBe(false);
  });
});
