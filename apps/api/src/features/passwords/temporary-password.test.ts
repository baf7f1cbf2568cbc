import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { PublicKeyResponse } from '@resonant/contracts/org-users';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@resonant/contracts/passwords';
import type { UserProfile } from '@resonant/contracts/profile';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { apiOperations } from '../../../test/fuzz/openapi-operations.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { encryptForTransport } from '../../../test/transport-password.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { createAccountsByEmail } from '../../lib/accounts-by-email.queries.ts';

// The only operations a temporary password opens: read who you are, replace it, sign out.
const OPEN_WITH_TEMPORARY_PASSWORD = new Set([
  'GET /api/user/profile',
  'PUT /api/user/password',
  'POST /api/auth/sign-out',
]);

describe('a password an admin set is temporary', () => {
  let t: TestApp;
  let adminToken = '';
  let publicKey = '';
  let defaultGroupId = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await buildOrg(t, { people: { admin: { orgAdmin: true } }, signIn: ['admin'] });
    adminToken = org.tokens.admin;
    defaultGroupId = org.defaultGroupId;
    const key = await t.call('GET', '/api/auth/public-key', adminToken);
    publicKey = key.json<PublicKeyResponse>().public_key;
  });
  afterAll(() => t.close());

  /** Add User with a password, then that person's first sign-in. */
  async function addedPerson(password = 'Given#Pass42') {
    const email = `temp.${randomUUID().slice(0, 8)}@example.test`;
    const added = await t.call('POST', '/api/org/users', adminToken, {
      firstName: 'Tia',
      lastName: 'Temp',
      email,
      password: encryptForTransport(publicKey, password),
      gender: 'Female',
      birthDate: '1995-05-06',
      groupIds: [defaultGroupId],
    });
    expect(added.statusCode).toBe(201);
    const signIn = await t.call('POST', '/api/auth/sign-in', undefined, { email, password });
    expect(signIn.statusCode).toBe(200);
    return { email, password, auth: signIn.json<AuthResponse>() };
  }

  it('stores Add User’s password as temporary and says so at sign-in', async () => {
    const { email, auth } = await addedPerson();
    const [row] = await t.db
      .select({ temporary: accounts.passwordTemporary })
      .from(accounts)
      .where(eq(accounts.email, email));
    expect(row?.temporary).toBe(true);
    expect(auth.user.passwordChangeRequired).toBe(true);
    const profile = await t.call('GET', '/api/user/profile', auth.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<UserProfile>().passwordChangeRequired).toBe(true);
  });

  it('answers every other operation 403 with one message until the password is replaced', async () => {
    const { auth } = await addedPerson();
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const closed = apiOperations(document).filter(
      (operation) =>
        operation.permission !== 'public' &&
        !OPEN_WITH_TEMPORARY_PASSWORD.has(`${operation.method} ${operation.path}`),
    );
    expect(closed.length).toBeGreaterThan(30);
    for (const operation of closed) {
      const url = operation.path.replace(/\{[^}]+\}/g, randomUUID());
      const response = await t.call(operation.method as 'GET', url, auth.token);
      expect({
        operation: `${operation.method} ${operation.path}`,
        status: response.statusCode,
      }).toEqual({ operation: `${operation.method} ${operation.path}`, status: 403 });
      expect(response.json()).toEqual({ message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    }
  });

  it('opens everything once the person chose their own password', async () => {
    const { email, password, auth } = await addedPerson();
    const changed = await t.call('PUT', '/api/user/password', auth.token, {
      currentPassword: password,
      newPassword: 'Mine#Own#2026',
    });
    expect(changed.statusCode).toBe(200);
    const methods = await t.call('GET', '/api/user/sign-in-methods', auth.token);
    expect(methods.statusCode).toBe(200);
    const profile = await t.call('GET', '/api/user/profile', auth.token);
    expect(profile.json<UserProfile>().passwordChangeRequired).toBe(false);
    const again = await t.call('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Mine#Own#2026',
    });
    expect(again.json<AuthResponse>().user.passwordChangeRequired).toBe(false);
  });

  it('marks Add Organization’s new admin and the CSV import’s passwords temporary too', async () => {
    const orgAdminEmail = `org.${randomUUID().slice(0, 8)}@example.test`;
    // Both paths create their accounts through this one function (enrolUsers, insertOrganization).
    await createAccountsByEmail(t.db, [
      {
        email: orgAdminEmail,
        passwordHash: 'argon2-hash-stand-in',
        firstName: 'Ola',
        lastName: 'Org',
        gender: null,
        birthDate: null,
      },
    ]);
    const [row] = await t.db
      .select({ temporary: accounts.passwordTemporary })
      .from(accounts)
      .where(eq(accounts.email, orgAdminEmail));
    expect(row?.temporary).toBe(true);
  });
});
