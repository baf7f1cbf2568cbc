import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { insertAccount } from '../../kernel/accounts.queries.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { ensureAppAdmin } from './app-admin.ts';

// Issue 27, item 10: APP_ADMIN_EMAIL adopted whatever account held the address, so whoever signed
// up with it first held the platform. The app admin is the account the server made and marked.
describe('the app admin is the account the server made, never one adopted by its email', () => {
  let t: TestApp;
  let email = '';
  beforeEach(async () => {
    await t?.close();
    email = `platform-${randomUUID().slice(0, 8)}@example.test`;
    t = await buildTestApp({ env: { APP_ADMIN_EMAIL: email } });
  });
  afterAll(() => t?.close());

  const signIn = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const stored = async () => {
    const [row] = await t.db
      .select({ isAppAdmin: accounts.isAppAdmin, verifiedAt: accounts.emailVerifiedAt })
      .from(accounts)
      .where(eq(accounts.email, email));
    return row;
  };

  it('creates the app admin marked and with its email proven', async () => {
    await ensureAppAdmin(t.db, email, 'Chosen#Pass1');
    expect(await stored()).toEqual({ isAppAdmin: true, verifiedAt: expect.any(Date) });
    expect((await signIn('Chosen#Pass1')).json<AuthResponse>().user.user_type).toBe('super');
  });

  it('refuses to start when someone else signed up with the address first', async () => {
    const squatter = await createAccount(t.db, { email, isAppAdmin: false });
    await expect(ensureAppAdmin(t.db, email, 'Chosen#Pass1')).rejects.toThrow(
      /APP_ADMIN_EMAIL .* is held by an account the server did not create/u,
    );
    expect(await stored()).toMatchObject({ isAppAdmin: false });
    // The squatter signs in as the person they are, with no platform rights.
    const signedIn = await signIn(squatter.password);
    expect(signedIn.json<AuthResponse>().user.user_type).toBe('user');
    expect((await signIn('Chosen#Pass1')).statusCode).toBe(401);
  });

  it('gives no platform rights to an unmarked account holding the address', async () => {
    const holder = await createAccount(t.db, { email, isAppAdmin: false });
    const token = await t.signIn(holder.email, holder.password);
    expect((await t.call('GET', '/api/org/profile', token)).statusCode).toBe(403);
  });

  describe('an install from before the marker', () => {
    /** The account an earlier server's ensureAppAdmin made: App Admin, no gender, no birth date. */
    const earlierAppAdmin = async () =>
      (await insertAccount(t.db, {
        email,
        passwordHash: await hashPassword('Earlier#Pass1'),
        firstName: 'App',
        lastName: 'Admin',
        gender: null,
        birthDate: null,
      }))!;

    it('adopts the account the server made, once, and records it', async () => {
      const id = await earlierAppAdmin();
      expect(await ensureAppAdmin(t.db, email, undefined)).toEqual({ generatedPassword: null });
      expect(await stored()).toEqual({ isAppAdmin: true, verifiedAt: expect.any(Date) });
      expect((await signIn('Earlier#Pass1')).json<AuthResponse>().user.user_type).toBe('super');
      const events = await t.db
        .select({ action: auditLog.action, target: auditLog.targetId })
        .from(auditLog)
        .where(eq(auditLog.targetId, id));
      expect(events).toContainEqual({ action: 'account.app-admin-adopt', target: id });
    });

    it('does not adopt one that belongs to an organisation', async () => {
      const id = await earlierAppAdmin();
      const org = await createOrg(t.db, { name: `Org ${randomUUID().slice(0, 8)}` });
      await addMember(t.db, org.id, id, { groups: [{ groupId: org.defaultGroupId }] });
      await expect(ensureAppAdmin(t.db, email, undefined)).rejects.toThrow(/APP_ADMIN_EMAIL/u);
      expect(await stored()).toMatchObject({ isAppAdmin: false });
    });

    it('does not adopt one once an app admin is marked', async () => {
      await ensureAppAdmin(t.db, `other-${email}`, 'Chosen#Pass1');
      await earlierAppAdmin();
      await expect(ensureAppAdmin(t.db, email, undefined)).rejects.toThrow(/APP_ADMIN_EMAIL/u);
    });
  });

  it('moves the platform to the new address when APP_ADMIN_EMAIL changes', async () => {
    await ensureAppAdmin(t.db, `old-${email}`, 'Chosen#Pass1');
    await ensureAppAdmin(t.db, email, 'Chosen#Pass2');
    const marked = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.isAppAdmin, true));
    expect(marked).toEqual([{ email }]);
  });
});
