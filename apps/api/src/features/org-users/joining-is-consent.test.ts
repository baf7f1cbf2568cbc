import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { InvitationListResponse } from '@resonant/contracts/invitations';
import {
  PROFILE_NOT_EDITABLE_MESSAGE,
  type ImportUsersResponse,
  type OrgUsersResponse,
  type PublicKeyResponse,
  type UsersStatsResponse,
} from '@resonant/contracts/org-users';
import { encryptForTransport } from '../../../test/transport-password.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createAccount, createGroup } from '../../../test/factories.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { groups, orgMemberships } from '../../db/schema/organisations.ts';

/**
 * Issue 27, "Joining is consent": Add User and the CSV import never attach an account that exists
 * already; they invite it, and answer exactly as they answer for a new person.
 */
describe('joining an organisation is the person’s consent (Add User, CSV import)', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let orgId = '';
  let alphaId = '';
  let orgAdmin = '';
  let publicKey = '';
  const id = { unclaimed: '', claimed: '', joined: '' };

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp());
    const org = await buildOrg(t, {
      name: 'Consent Org',
      groups: ['Alpha'],
      people: {
        admin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true },
        unclaimed: { firstName: 'Una', lastName: 'Claimed' },
        claimed: { firstName: 'Cai', lastName: 'Claimed' },
        joined: { firstName: 'Jo', lastName: 'Joined' },
      },
      signIn: ['admin', 'claimed'],
    });
    Object.assign(id, org.ids);
    // The organisation made `unclaimed` and `claimed`; only `claimed` has signed in since.
    await t.db
      .update(accounts)
      .set({ createdByOrgId: org.id })
      .where(eq(accounts.id, id.unclaimed));
    await t.db.update(accounts).set({ createdByOrgId: org.id }).where(eq(accounts.id, id.claimed));
    orgId = org.id;
    alphaId = org.groups.Alpha.id;
    orgAdmin = org.tokens.admin;
    const key = await t.call('GET', '/api/auth/public-key', orgAdmin);
    publicKey = key.json<PublicKeyResponse>().public_key;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Someone who signed up on their own: a profile the organisation never typed. */
  const registered = () =>
    createAccount(t.db, {
      email: `real.${randomUUID().slice(0, 8)}@consent.test`,
      firstName: 'Rhea',
      lastName: 'Real',
      gender: 'Others',
      birthDate: '1970-07-07',
    });
  const addUser = (email: string) =>
    t.call('POST', '/api/org/users', orgAdmin, {
      firstName: 'Typed',
      lastName: 'ByOrg',
      email,
      password: encryptForTransport(publicKey, 'Typed#123'),
      gender: 'Male',
      birthDate: '2000-01-01',
      groupIds: [alphaId],
    });
  const usersMatching = async (email: string) => {
    const response = await t.call('GET', `/api/org/users?search=${email}`, orgAdmin);
    expect(response.statusCode).toBe(200);
    return response.json<OrgUsersResponse>().list;
  };
  const isMember = async (accountId: string) =>
    (
      await t.db
        .select()
        .from(orgMemberships)
        .where(and(eq(orgMemberships.orgId, orgId), eq(orgMemberships.accountId, accountId)))
    ).length === 1;
  const total = async () =>
    (await t.call('GET', '/api/org/users_stats', orgAdmin)).json<UsersStatsResponse>().total;

  it('answers Add User of a registered email exactly as for a new one, and attaches nothing', async () => {
    const person = await registered();
    const before = await total();
    const fresh = await addUser(`new.${randomUUID().slice(0, 8)}@consent.test`);
    const existing = await addUser(person.email.toUpperCase());

    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    // Neither is a member yet: the list, the stats and the user's groups say nothing of either.
    expect(await isMember(person.id)).toBe(false);
    expect(await usersMatching(person.email)).toEqual([]);
    expect(await total()).toBe(before);
    const groups = await t.call('GET', `/api/org/user_groups/${person.id}`, orgAdmin);
    expect(groups.statusCode).toBe(404);
    // The organisation sees what it typed, as an invitation; never the account's own profile.
    const invitations = await t.call(
      'GET',
      `/api/org/invitation/list?search=${person.email}`,
      orgAdmin,
    );
    expect(invitations.json<InvitationListResponse>().list).toMatchObject([
      {
        email: person.email,
        status: 'pending',
        state: { first_name: 'Typed', last_name: 'ByOrg' },
      },
    ]);
    expect(JSON.stringify(invitations.json())).not.toContain('Rhea');
  });

  it('makes the registered person a member only once they accept the mailed invitation', async () => {
    const person = await registered();
    expect((await addUser(person.email)).statusCode).toBe(201);
    const token = linkToken(await smtp.waitForMail(person.email), '/process-invite');
    const bearer = await t.signIn(person.email, person.password);
    expect(await isMember(person.id)).toBe(false);

    const accepted = await t.call('POST', '/api/process-invitation', bearer, {
      it: token,
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await isMember(person.id)).toBe(true);
    // Their own profile stays theirs: the names the organisation typed changed nothing.
    expect(await usersMatching(person.email)).toMatchObject([
      { first_name: 'Rhea', last_name: 'Real', birth_date: '1970-07-07' },
    ]);
    const groups = await t.call('GET', `/api/org/user_groups/${person.id}`, orgAdmin);
    expect(groups.json<{ items: { group_id: string }[] }>().items.map((g) => g.group_id)).toContain(
      alphaId,
    );
  });

  it('lets a new person join by signing in with the password typed for them (SPEC Add User)', async () => {
    const email = `first.${randomUUID().slice(0, 8)}@consent.test`;
    expect((await addUser(email)).statusCode).toBe(201);
    expect(await usersMatching(email)).toEqual([]);

    const signIn = await t.call('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Typed#123',
    });
    expect(signIn.statusCode).toBe(200);
    const user = signIn.json<AuthResponse>().user;
    expect(user).toMatchObject({ user_type: 'user', current_org_id: orgId });
    expect(await usersMatching(email)).toMatchObject([
      { first_name: 'Typed', last_name: 'ByOrg', birth_date: '2000-01-01' },
    ]);
    const groups = await t.call('GET', `/api/org/user_groups/${user.user_id}`, orgAdmin);
    expect(groups.json<{ items: { group_id: string }[] }>().items.map((g) => g.group_id)).toContain(
      alphaId,
    );
  });

  it('joins the chosen groups still there when a group was deleted before the sign-in', async () => {
    const doomed = await createGroup(t.db, orgId, `Doomed ${randomUUID().slice(0, 8)}`);
    const email = `doomed.${randomUUID().slice(0, 8)}@consent.test`;
    const response = await t.call('POST', '/api/org/users', orgAdmin, {
      firstName: 'Dora',
      lastName: 'Doomed',
      email,
      password: encryptForTransport(publicKey, 'Typed#123'),
      gender: 'Female',
      birthDate: '2000-01-01',
      groupIds: [alphaId, doomed.id],
    });
    expect(response.statusCode).toBe(201);
    await t.db.delete(groups).where(eq(groups.id, doomed.id));

    const signIn = await t.call('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Typed#123',
    });
    expect(signIn.statusCode).toBe(200);
    const userId = signIn.json<AuthResponse>().user.user_id;
    const joined = await t.call('GET', `/api/org/user_groups/${userId}`, orgAdmin);
    expect(joined.json<{ items: { group_id: string }[] }>().items.map((g) => g.group_id)).toContain(
      alphaId,
    );
  });

  it('answers the CSV import the same whether or not its emails have accounts', async () => {
    const person = await registered();
    const row = (email: string) => `Typed,ByOrg,${email},Male,2000-01-01`;
    const header = 'first_name,last_name,email,gender,birth_date';
    const upload = (email: string) =>
      t.upload('/api/org/users/import', orgAdmin, [
        { name: 'people.csv', type: 'text/csv', content: `${header}\n${row(email)}\n` },
      ]);
    const fresh = await upload(`csv.${randomUUID().slice(0, 8)}@consent.test`);
    const existing = await upload(person.email);

    expect(existing.statusCode).toBe(200);
    expect(existing.json<ImportUsersResponse>()).toEqual(fresh.json<ImportUsersResponse>());
    expect(await isMember(person.id)).toBe(false);
    expect(await usersMatching(person.email)).toEqual([]);
  });

  describe('Edit User (PUT /api/org/users) and the account-wide profile', () => {
    const edit = (userId: string, firstName: string) =>
      t.call('PUT', '/api/org/users', orgAdmin, {
        userId,
        firstName,
        lastName: 'Claimed',
        gender: 'Female',
        birthDate: '1990-01-01',
        groupIds: [alphaId],
      });
    const firstNameOf = async (accountId: string) =>
      (
        await t.db
          .select({ firstName: profiles.firstName })
          .from(profiles)
          .where(eq(profiles.accountId, accountId))
      )[0]?.firstName;

    it('edits the profile of an account the organisation made and nobody has signed in to', async () => {
      const response = await edit(id.unclaimed, 'Unity');
      expect(response.statusCode).toBe(200);
      expect(await firstNameOf(id.unclaimed)).toBe('Unity');
      expect((await usersMatching('Unity'))[0]).toMatchObject({ profile_editable: true });
    });

    it('refuses, with 403, to rewrite the profile of an account its person has claimed', async () => {
      const response = await edit(id.claimed, 'Hijacked');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: PROFILE_NOT_EDITABLE_MESSAGE });
      expect(await firstNameOf(id.claimed)).toBe('Cai');
      expect((await usersMatching('Cai'))[0]).toMatchObject({ profile_editable: false });
    });

    it('refuses to rewrite the profile of an account another organisation or its owner made', async () => {
      const response = await edit(id.joined, 'Hijacked');
      expect(response.statusCode).toBe(403);
      expect(await firstNameOf(id.joined)).toBe('Jo');
    });

    it('still changes the groups of such a member when the profile is sent unchanged', async () => {
      const response = await t.call('PUT', '/api/org/users', orgAdmin, {
        userId: id.joined,
        firstName: 'Jo',
        lastName: 'Joined',
        gender: 'Female',
        birthDate: '1990-01-01',
        groupIds: [alphaId],
      });
      expect(response.statusCode).toBe(200);
      const groups = await t.call('GET', `/api/org/user_groups/${id.joined}`, orgAdmin);
      expect(
        groups.json<{ items: { group_id: string }[] }>().items.map((g) => g.group_id),
      ).toContain(alphaId);
    });
  });
});
