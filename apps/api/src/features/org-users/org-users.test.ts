import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orgUsersContract from '@resonant/contracts/org-users';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@resonant/contracts/passwords';
import { encryptForTransport } from '../../../test/transport-password.ts';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount, type createOrg } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { payerChanges } from '../../db/schema/billing.ts';
import { memberActiveDays } from '../../db/schema/rollups.ts';
import { serverKeys } from '../../db/schema/server-keys.ts';
import { groupMemberships, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { UNREADABLE_PASSWORD_MESSAGE } from '../../lib/password-transport.ts';

const NOW = new Date('2025-06-10T12:00:00Z');
const DAY_MS = 86_400_000;

type Org = Awaited<ReturnType<typeof createOrg>>;

describe('org users', () => {
  let t: TestApp;
  let orgA: Org;
  let orgB: Org;
  let alpha: { id: string };
  let bravo: { id: string };
  let groupOfB: { id: string };
  let publicKey = '';
  const id = {
    orgAdmin: '',
    coAdmin: '',
    groupAdmin: '',
    ada: '',
    ben: '',
    cleo: '',
    lifer: '',
    outsider: '',
    stranger: '',
  };
  const token = { orgAdmin: '', coAdmin: '', groupAdmin: '', member: '', otherOrgAdmin: '' };
  let outsiderEmail = '';

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const usersOrg = await buildOrg(t, {
      name: 'Users Org',
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: {
          firstName: 'Olga',
          lastName: 'Owner',
          createdAt: new Date('2024-01-02T03:04:05Z'),
          orgAdmin: true,
          groups: ['Default'],
        },
        coAdmin: { firstName: 'Cora', lastName: 'Second', orgAdmin: true },
        groupAdmin: { firstName: 'Gus', lastName: 'Lead', groups: ['Default'], adminOf: ['Alpha'] },
        ada: {
          firstName: 'Ada',
          lastName: 'Zane',
          email: 'ada.zane@example.test',
          gender: 'Female',
          birthDate: '1991-02-03',
          createdAt: new Date('2025-01-05T08:00:00Z'),
          groups: ['Default', 'Alpha'],
        },
        ben: {
          firstName: 'Ben',
          lastName: '100%_Young',
          gender: 'Male',
          payer: 'user',
          groups: ['Default', 'Bravo'],
        },
        cleo: { firstName: 'Cleo', lastName: 'Bravo', groups: ['Default', 'Bravo'] },
        lifer: { firstName: 'Liv', lastName: 'Forever' },
      },
      signIn: ['orgAdmin', 'coAdmin', 'groupAdmin', 'ada'],
    });
    const otherOrg = await buildOrg(t, {
      name: 'Users Other Org',
      groups: ['B Team'],
      people: {
        outsider: {
          firstName: 'Otto',
          lastName: 'Other',
          email: 'otto@example.test',
          password: 'Outside#1',
          groups: ['Default'],
        },
        // Stays in the other org only (the outsider joins this one in a test).
        stranger: { firstName: 'Sten', lastName: 'Ranger' },
        otherOrgAdmin: { orgAdmin: true },
      },
      signIn: ['otherOrgAdmin'],
    });
    orgA = usersOrg;
    orgB = otherOrg;
    alpha = usersOrg.groups.Alpha;
    bravo = usersOrg.groups.Bravo;
    groupOfB = otherOrg.groups['B Team'];
    Object.assign(id, usersOrg.ids, {
      outsider: otherOrg.ids.outsider,
      stranger: otherOrg.ids.stranger,
    });
    outsiderEmail = otherOrg.people.outsider.email;
    await t.db
      .update(organisations)
      .set({ billingStartDate: '2025-05-01' })
      .where(eq(organisations.id, orgA.id));
    await t.db
      .update(orgMemberships)
      .set({ lifetime: true })
      .where(eq(orgMemberships.accountId, id.lifer));

    // Ada read this morning; Ben's last session was 20 days ago.
    await t.db
      .update(orgMemberships)
      .set({ lastActivityAt: new Date(NOW.getTime() - 3 * 3600_000), lastActivityType: 'morning' })
      .where(eq(orgMemberships.accountId, id.ada));
    await t.db
      .update(orgMemberships)
      .set({
        lastActivityAt: new Date(NOW.getTime() - 20 * DAY_MS),
        lastActivityType: 'mindfulness',
      })
      .where(eq(orgMemberships.accountId, id.ben));

    // This organisation made Cleo's account and she has never signed in: it may edit her profile.
    await t.db.update(accounts).set({ createdByOrgId: orgA.id }).where(eq(accounts.id, id.cleo));
    await createAccount(t.db, { email: APP_ADMIN_EMAIL });
    Object.assign(token, usersOrg.tokens, otherOrg.tokens, { member: usersOrg.tokens.ada });

    const key = await t.call('GET', '/api/auth/public-key', token.orgAdmin);
    publicKey = key.json<orgUsersContract.PublicKeyResponse>().public_key;
  });
  afterAll(() => t.close());

  const encrypt = (password: string) => encryptForTransport(publicKey, password);
  const list = async (bearer: string, query = '') => {
    const response = await t.call('GET', `/api/org/users?limit=100${query}`, bearer);
    expect(response.statusCode).toBe(200);
    return response.json<orgUsersContract.OrgUsersResponse>();
  };
  const names = (body: orgUsersContract.OrgUsersResponse) =>
    body.list.map((user) => user.first_name);
  const row = async (userId: string) =>
    (await list(token.orgAdmin)).list.find((user) => user.user_id === userId);
  const groupsOf = async (accountId: string, orgId = orgA.id) =>
    (
      await t.db
        .select({ groupId: groupMemberships.groupId, isAdmin: groupMemberships.isAdmin })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.orgId, orgId), eq(groupMemberships.accountId, accountId)))
    )
      .map((membership) => membership.groupId)
      .sort();
  const payerChangesOf = (accountId: string) =>
    t.db
      .select({
        changedOn: payerChanges.changedOn,
        payerBefore: payerChanges.payerBefore,
        payerAfter: payerChanges.payerAfter,
      })
      .from(payerChanges)
      .where(eq(payerChanges.accountId, accountId))
      .orderBy(payerChanges.createdAt, payerChanges.id);
  const audits = (action: string, targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Nia',
    lastName: 'New',
    email: `nia.${randomUUID().slice(0, 8)}@example.test`,
    password: encrypt('Fresh#123'),
    gender: 'Female',
    birthDate: '1995-05-06',
    groupIds: [alpha.id],
    ...overrides,
  });

  describe('GET /api/auth/public-key', () => {
    it('answers 401 when signed out', async () => {
      expect((await t.call('GET', '/api/auth/public-key')).statusCode).toBe(401);
    });

    it('serves one RSA public key, made once and kept in the database', async () => {
      expect(publicKey).toMatch(
        /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/,
      );
      const again = await t.call('GET', '/api/auth/public-key', token.member);
      expect(again.json()).toEqual({ algorithm: 'RSA-OAEP-256', public_key: publicKey });
      const stored = await t.db.select().from(serverKeys);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ name: 'password-transport', publicKey });
    });
  });

  describe('GET /api/org/users', () => {
    it('answers 401 when signed out', async () => {
      const response = await t.call('GET', '/api/org/users');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a member', async () => {
      const response = await t.call('GET', '/api/org/users', token.member);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('lists every member of the org by name with the org user row of SPEC §3', async () => {
      const body = await list(token.orgAdmin);
      expect(body.noOfRows).toBe(7);
      expect(names(body)).toEqual(['Ada', 'Ben', 'Cleo', 'Cora', 'Gus', 'Liv', 'Olga']);
      expect(body.list[0]).toEqual({
        user_id: id.ada,
        full_name: 'Ada Zane',
        first_name: 'Ada',
        last_name: 'Zane',
        birth_date: '1991-02-03',
        gender: 'Female',
        email: 'ada.zane@example.test',
        last_activity_date: '2025-06-10T09:00:00.000Z',
        last_activity_type: 'morning',
        user_highest_role: 'user',
        created_at: '2025-01-05T08:00:00.000Z',
        subscription_payer: 'Org',
        is_solo: false,
        is_external: false,
        profile_editable: false,
      } satisfies orgUsersContract.OrgUser);
    });

    it('gives each member its highest role and payer', async () => {
      const rows = new Map((await list(token.orgAdmin)).list.map((user) => [user.user_id, user]));
      expect(rows.get(id.orgAdmin)).toMatchObject({ user_highest_role: 'org' });
      expect(rows.get(id.groupAdmin)).toMatchObject({ user_highest_role: 'group' });
      expect(rows.get(id.ben)).toMatchObject({
        user_highest_role: 'user',
        subscription_payer: 'External',
        is_solo: true,
        last_activity_type: 'mindfulness',
      });
    });

    it('filters by type: internal leaves out members who pay themselves; allAdmins', async () => {
      expect(names(await list(token.orgAdmin, '&type=internal'))).toEqual([
        'Ada',
        'Cleo',
        'Cora',
        'Gus',
        'Liv',
        'Olga',
      ]);
      expect(names(await list(token.orgAdmin, '&type=allAdmins'))).toEqual(['Cora', 'Olga']);
      expect(names(await list(token.orgAdmin, `&type=allAdmins&orgId=${orgA.id}`))).toEqual([
        'Cora',
        'Olga',
      ]);
    });

    it('filters by group and searches names and email, % and _ matching themselves', async () => {
      expect(names(await list(token.orgAdmin, `&type=all&groupId=${bravo.id}`))).toEqual([
        'Ben',
        'Cleo',
      ]);
      expect(names(await list(token.orgAdmin, '&search=zAnE'))).toEqual(['Ada']);
      expect(names(await list(token.orgAdmin, '&search=ada%20z'))).toEqual(['Ada']);
      expect(names(await list(token.orgAdmin, '&search=ada.zane%40'))).toEqual(['Ada']);
      expect(names(await list(token.orgAdmin, '&search=100%25_'))).toEqual(['Ben']);
      expect(names(await list(token.orgAdmin, '&search=%25'))).toEqual(['Ben']);
    });

    it('pages with limit and offset and counts every match', async () => {
      const response = await t.call('GET', '/api/org/users?limit=2&offset=2', token.orgAdmin);
      const body = response.json<orgUsersContract.OrgUsersResponse>();
      expect(names(body)).toEqual(['Cleo', 'Cora']);
      expect(body.noOfRows).toBe(7);
      const past = await t.call('GET', '/api/org/users?limit=2&offset=50', token.orgAdmin);
      expect(past.json()).toEqual({ list: [], noOfRows: 7 });
    });

    it('sorts by a column either way, never-active members last, name breaking ties', async () => {
      expect(names(await list(token.orgAdmin, '&sort=name&order=desc'))).toEqual([
        'Olga',
        'Liv',
        'Gus',
        'Cora',
        'Cleo',
        'Ben',
        'Ada',
      ]);
      const byActivity = names(await list(token.orgAdmin, '&sort=last_activity&order=desc'));
      expect(byActivity).toEqual(['Ada', 'Ben', 'Cleo', 'Cora', 'Gus', 'Liv', 'Olga']);
      const oldestActivity = names(await list(token.orgAdmin, '&sort=last_activity&order=asc'));
      expect(oldestActivity.slice(0, 2)).toEqual(['Ben', 'Ada']);
      const bySignup = names(await list(token.orgAdmin, '&sort=signup&order=asc'));
      expect(bySignup.slice(0, 2)).toEqual(['Olga', 'Ada']);
      const firstPage = await t.call(
        'GET',
        '/api/org/users?sort=email&order=desc&limit=1',
        token.orgAdmin,
      );
      const emails = (await list(token.orgAdmin)).list.map((user) => user.email).sort();
      expect(firstPage.json<orgUsersContract.OrgUsersResponse>().list[0]?.email).toBe(
        emails.at(-1),
      );
    });

    it('answers 400 for a column it does not sort by', async () => {
      const response = await t.call('GET', '/api/org/users?sort=password', token.orgAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'sort: Must be one of name, email, last_activity, signup',
      });
    });

    it('shows a group admin only the users of its current group', async () => {
      const body = await list(token.groupAdmin);
      expect(names(body)).toEqual(['Ada', 'Gus']);
      expect(body.noOfRows).toBe(2);
      expect(names(await list(token.groupAdmin, `&groupId=${alpha.id}`))).toEqual(['Ada', 'Gus']);
    });

    it.each([
      ['a group of another org', () => `groupId=${groupOfB.id}`, 'orgAdmin'],
      ['another org', () => `orgId=${orgB.id}&type=allAdmins`, 'orgAdmin'],
      ['a group that does not exist', () => `groupId=${randomUUID()}`, 'orgAdmin'],
      ['another group of its org, to a group admin', () => `groupId=${bravo.id}`, 'groupAdmin'],
    ] as const)('answers 404 for %s', async (_name, query, who) => {
      const response = await t.call('GET', `/api/org/users?${query()}`, token[who]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it.each([
      ['type=everyone', 'type'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['groupId=abc', 'groupId'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const response = await t.call('GET', `/api/org/users?${query}`, token.orgAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    });
  });

  describe('GET /api/org/users_stats', () => {
    it('answers 401 signed out and 403 to a group admin', async () => {
      expect((await t.call('GET', '/api/org/users_stats')).statusCode).toBe(401);
      expect((await t.call('GET', '/api/org/users_stats', token.groupAdmin)).statusCode).toBe(403);
    });

    it('counts weekly active, internal, external and all members of the caller org only', async () => {
      // Seats of the current period (lib/seats.queries.ts): Ada, paid by the org, recorded on two of its
      // days; Ben pays himself, and Ada's day of May is in the period before.
      await t.db.insert(memberActiveDays).values([
        { orgId: orgA.id, accountId: id.ada, day: '2025-05-31' },
        { orgId: orgA.id, accountId: id.ada, day: '2025-06-01' },
        { orgId: orgA.id, accountId: id.ada, day: '2025-06-09' },
        { orgId: orgA.id, accountId: id.ben, day: '2025-06-09' },
      ]);
      const response = await t.call('GET', '/api/org/users_stats', token.orgAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json<orgUsersContract.UsersStatsResponse>()).toEqual({
        total_active_users: 1,
        total_internal_users: 6,
        total_external_users: 1,
        total: 7,
        seats: 1,
        billing_from: '2025-06-01',
        billing_to: '2025-07-01',
      });
      const other = await t.call('GET', '/api/org/users_stats', token.otherOrgAdmin);
      expect(other.json<orgUsersContract.UsersStatsResponse>()).toMatchObject({
        total: 3,
        total_active_users: 0,
      });
    });
  });

  describe('POST /api/org/users', () => {
    it('answers 401 signed out and 403 to a member', async () => {
      expect((await t.call('POST', '/api/org/users', undefined, newUser())).statusCode).toBe(401);
      expect((await t.call('POST', '/api/org/users', token.member, newUser())).statusCode).toBe(
        403,
      );
    });

    /** Signs in as SPEC's new user does, with the password typed for them; answers their id. */
    const firstSignIn = async (email: string) => {
      const response = await t.call('POST', '/api/auth/sign-in', undefined, {
        email,
        password: 'Fresh#123',
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ user: { user_id: string } }>().user.user_id;
    };

    it('makes the account, which joins the chosen groups and Default at its first sign-in', async () => {
      const body = newUser({ email: 'Nia.Created@Example.test', groupIds: [alpha.id, bravo.id] });
      const response = await t.call('POST', '/api/org/users', token.orgAdmin, body);
      expect(response.statusCode).toBe(201);
      expect(response.json<orgUsersContract.AddOrgUserResponse>()).toEqual({
        message: orgUsersContract.USER_INVITED_MESSAGE,
        status: 'invited',
      });
      const userId = await firstSignIn('nia.created@example.test');
      expect(await groupsOf(userId)).toEqual([orgA.defaultGroupId, alpha.id, bravo.id].sort());
      expect(await row(userId)).toMatchObject({
        email: 'nia.created@example.test',
        full_name: 'Nia New',
        gender: 'Female',
        birth_date: '1995-05-06',
        user_highest_role: 'user',
        subscription_payer: 'Org',
        created_at: expect.any(String),
        last_activity_date: null,
        // Signed in: the profile is hers now.
        profile_editable: false,
      });
      const [stored] = await t.db
        .select({ hash: accounts.passwordHash, createdByOrgId: accounts.createdByOrgId })
        .from(accounts)
        .where(eq(accounts.id, userId));
      expect(stored?.hash).toMatch(/^\$argon2id\$/);
      expect(stored?.createdByOrgId).toBe(orgA.id);
    });

    it('puts a group admin’s new user in its current group, whatever groups are sent', async () => {
      const body = newUser({ groupIds: [bravo.id, groupOfB.id] });
      const response = await t.call('POST', '/api/org/users', token.groupAdmin, body);
      expect(response.statusCode).toBe(201);
      const userId = await firstSignIn(body.email as string);
      expect(await groupsOf(userId)).toEqual([orgA.defaultGroupId, alpha.id].sort());
      const noGroups = await t.call(
        'POST',
        '/api/org/users',
        token.groupAdmin,
        newUser({ groupIds: undefined }),
      );
      expect(noGroups.statusCode).toBe(201);
    });

    it('invites an existing account of another org without touching its password or profile', async () => {
      const response = await t.call(
        'POST',
        '/api/org/users',
        token.orgAdmin,
        newUser({ email: outsiderEmail.toUpperCase(), firstName: 'Changed', groupIds: [bravo.id] }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json<orgUsersContract.AddOrgUserResponse>()).toEqual({
        message: orgUsersContract.USER_INVITED_MESSAGE,
        status: 'invited',
      });
      // Not in this organisation until the person accepts (joining-is-consent.test.ts).
      expect(await row(id.outsider)).toBeUndefined();
      expect(await groupsOf(id.outsider)).toEqual([]);
      expect(await groupsOf(id.outsider, orgB.id)).toEqual([orgB.defaultGroupId]);
      await expect(t.signIn(outsiderEmail, 'Outside#1')).resolves.toEqual(expect.any(String));
      await expect(t.signIn(outsiderEmail, 'Fresh#123')).rejects.toThrow();
      expect(await row(id.outsider)).toBeUndefined();
      const again = await t.call(
        'POST',
        '/api/org/users',
        token.orgAdmin,
        newUser({ email: outsiderEmail }),
      );
      expect(again.statusCode).toBe(409);
    });

    // Issue 27: whoever signed up first with a person's address gains nothing when the org adds it:
    // the invitation goes to the address, which the squatter cannot read.
    it('never enrols an account that has not proven its email', async () => {
      const squatter = await createAccount(t.db, {
        email: `squatted.${randomUUID().slice(0, 8)}@example.test`,
        emailVerified: false,
      });
      const response = await t.call(
        'POST',
        '/api/org/users',
        token.orgAdmin,
        newUser({ email: squatter.email }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'invited' });
      expect(await groupsOf(squatter.id)).toEqual([]);
    });

    it('answers 409 for someone already in the organization', async () => {
      const response = await t.call(
        'POST',
        '/api/org/users',
        token.orgAdmin,
        newUser({ email: 'ada.zane@example.test' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: orgUsersContract.ALREADY_MEMBER_OR_INVITED_MESSAGE,
      });
    });

    it('answers 409 for the app admin account', async () => {
      const response = await t.call(
        'POST',
        '/api/org/users',
        token.orgAdmin,
        newUser({ email: APP_ADMIN_EMAIL }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: orgUsersContract.APP_ADMIN_CANNOT_JOIN_MESSAGE });
    });

    it('answers 404 for a group of another org and creates nothing', async () => {
      const body = newUser({ groupIds: [alpha.id, groupOfB.id] });
      const response = await t.call('POST', '/api/org/users', token.orgAdmin, body);
      expect(response.statusCode).toBe(404);
      const [found] = await t.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, body.email as string));
      expect(found).toBeUndefined();
    });

    const tomorrow = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    const invalid: [string, () => Record<string, unknown>, string][] = [
      ['no first name', () => ({ firstName: '  ' }), 'firstName: First Name is required'],
      [
        'a first name over 100',
        () => ({ firstName: 'x'.repeat(101) }),
        'firstName: First Name must be at most 100 characters',
      ],
      ['no last name', () => ({ lastName: undefined }), 'lastName: Last Name is required'],
      ['a first name with a "!"', () => ({ firstName: 'Bob!' }), 'firstName: Invalid characters'],
      ['a last name with a "<"', () => ({ lastName: '<b>Bold' }), 'lastName: Invalid characters'],
      [
        'a last name over 100',
        () => ({ lastName: 'y'.repeat(101) }),
        'lastName: Last Name must be at most 100 characters',
      ],
      ['no email', () => ({ email: '' }), 'email: Email is required'],
      ['a bad email', () => ({ email: 'not-an-email' }), 'email: Please enter a valid email.'],
      [
        'an email over 50',
        () => ({ email: `${'e'.repeat(40)}@example.test` }),
        'email: Email must be at most 50 characters',
      ],
      ['no gender', () => ({ gender: undefined }), 'gender: Gender is required'],
      [
        'an unknown gender',
        () => ({ gender: 'Robot' }),
        'gender: Invalid gender: use Male, Female, Prefer not to disclose or Others',
      ],
      ['no date of birth', () => ({ birthDate: '' }), 'birthDate: Date of Birth is required'],
      [
        'a date of birth in the future',
        () => ({ birthDate: tomorrow }),
        'birthDate: Date of Birth must be a valid date, not in the future',
      ],
      [
        'an impossible date of birth',
        () => ({ birthDate: '1990-02-30' }),
        'birthDate: Date of Birth must be a valid date, not in the future',
      ],
      ['no password', () => ({ password: undefined }), 'password: Password is required'],
      [
        'a short password',
        () => ({ password: encrypt('Ab#1234') }),
        'password: Password must be at least 8 characters',
      ],
      [
        'a common password',
        () => ({ password: encrypt('Password123!') }),
        PASSWORD_TOO_COMMON_MESSAGE,
      ],
      ['a password sent in clear', () => ({ password: 'Fresh#123' }), UNREADABLE_PASSWORD_MESSAGE],
      [
        'a password encrypted with another key',
        () => ({ password: Buffer.alloc(384, 7).toString('base64') }),
        UNREADABLE_PASSWORD_MESSAGE,
      ],
      ['no group', () => ({ groupIds: [] }), 'groupIds: Please select at least one option'],
      [
        'no group list',
        () => ({ groupIds: undefined }),
        'groupIds: Please select at least one option',
      ],
      [
        'a group that is no id',
        () => ({ groupIds: ['alpha'] }),
        'groupIds.0: groupIds must be an id',
      ],
    ];
    it.each(invalid)('answers 400 for %s', async (_name, overrides, message) => {
      const response = await t.call('POST', '/api/org/users', token.orgAdmin, newUser(overrides()));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('PUT /api/org/users', () => {
    const edit = (userId: string, overrides: Record<string, unknown> = {}) => ({
      userId,
      firstName: 'Cleo',
      lastName: 'Bravo',
      gender: 'Others',
      birthDate: '1980-12-24',
      groupIds: [bravo.id],
      ...overrides,
    });

    it('answers 401 signed out and 403 to a member', async () => {
      expect((await t.call('PUT', '/api/org/users', undefined, edit(id.cleo))).statusCode).toBe(
        401,
      );
      expect((await t.call('PUT', '/api/org/users', token.member, edit(id.cleo))).statusCode).toBe(
        403,
      );
    });

    it('answers 404 for another org’s user, and for a group admin outside its group', async () => {
      const other = await t.call('PUT', '/api/org/users', token.orgAdmin, edit(id.stranger));
      expect(other.statusCode).toBe(404);
      const notInGroup = await t.call('PUT', '/api/org/users', token.groupAdmin, edit(id.cleo));
      expect(notInGroup.statusCode).toBe(404);
      expect(notInGroup.json()).toEqual({ message: 'User not found' });
    });

    it('lets an org admin change details, groups (Default kept) and the admin role', async () => {
      const response = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.cleo, { firstName: 'Clea', groupIds: [alpha.id], isAdmin: true }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.any(String), user_id: id.cleo });
      expect(await row(id.cleo)).toMatchObject({
        first_name: 'Clea',
        gender: 'Others',
        birth_date: '1980-12-24',
        user_highest_role: 'org',
      });
      expect(await groupsOf(id.cleo)).toEqual([orgA.defaultGroupId, alpha.id].sort());
      expect(await audits('org-user.update', id.cleo)).toHaveLength(1);

      const back = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.cleo, { isAdmin: false }),
      );
      expect(back.statusCode).toBe(200);
      expect(await row(id.cleo)).toMatchObject({ first_name: 'Cleo', user_highest_role: 'user' });
      expect(await groupsOf(id.cleo)).toEqual([orgA.defaultGroupId, bravo.id].sort());
    });

    it('keeps a group-admin flag on groups the edit keeps', async () => {
      const response = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.groupAdmin, {
          firstName: 'Gus',
          lastName: 'Lead',
          gender: 'Female',
          birthDate: '1990-01-01',
          groupIds: [alpha.id, bravo.id],
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(await row(id.groupAdmin)).toMatchObject({ user_highest_role: 'group' });
    });

    it('refuses to take an org admin’s own admin role, but saves its other details', async () => {
      const drop = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.orgAdmin, { firstName: 'Olga', lastName: 'Owner', isAdmin: false }),
      );
      expect(drop.statusCode).toBe(403);
      expect(drop.json()).toEqual({ message: orgUsersContract.CANNOT_DROP_OWN_ADMIN_MESSAGE });
      const keep = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.orgAdmin, { firstName: 'Olga', lastName: 'Owner', isAdmin: true }),
      );
      expect(keep.statusCode).toBe(200);
      expect(await row(id.orgAdmin)).toMatchObject({ user_highest_role: 'org' });
    });

    it('lets a group admin change neither groups nor roles, nor a claimed member’s profile', async () => {
      const unchanged = {
        firstName: 'Ada',
        lastName: 'Zane',
        gender: 'Female',
        birthDate: '1991-02-03',
        isAdmin: true,
        groupIds: [bravo.id],
      };
      const response = await t.call(
        'PUT',
        '/api/org/users',
        token.groupAdmin,
        edit(id.ada, unchanged),
      );
      expect(response.statusCode).toBe(200);
      expect(await row(id.ada)).toMatchObject({ last_name: 'Zane', user_highest_role: 'user' });
      expect(await groupsOf(id.ada)).toEqual([orgA.defaultGroupId, alpha.id].sort());
      const renamed = await t.call(
        'PUT',
        '/api/org/users',
        token.groupAdmin,
        edit(id.ada, { ...unchanged, lastName: 'Zane-Lovelace' }),
      );
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json()).toEqual({ message: orgUsersContract.PROFILE_NOT_EDITABLE_MESSAGE });
    });

    const tomorrow = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    it.each([
      [
        'no groups from an org admin',
        { groupIds: [] },
        'groupIds: Please select at least one option',
      ],
      [
        'a future date of birth',
        { birthDate: tomorrow },
        'birthDate: Date of Birth must be a valid date, not in the future',
      ],
      ['no first name', { firstName: '' }, 'firstName: First Name is required'],
      [
        'a last name over 100',
        { lastName: 'z'.repeat(101) },
        'lastName: Last Name must be at most 100 characters',
      ],
      ['no gender', { gender: null }, 'gender: Gender is required'],
      ['a bad user id', { userId: '42' }, 'userId: userId must be an id'],
    ])('answers 400 for %s', async (_name, overrides, message) => {
      const response = await t.call(
        'PUT',
        '/api/org/users',
        token.orgAdmin,
        edit(id.cleo, overrides),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('PUT /api/org/users/change_payer', () => {
    const change = (bearer: string | undefined, userId: string) =>
      t.call('PUT', '/api/org/users/change_payer', bearer, { user_id: userId });

    it('answers 401 signed out, 403 to a group admin and 404 for another org’s user', async () => {
      expect((await change(undefined, id.ada)).statusCode).toBe(401);
      expect((await change(token.groupAdmin, id.ada)).statusCode).toBe(403);
      expect((await change(token.orgAdmin, id.stranger)).statusCode).toBe(404);
      expect((await change(token.orgAdmin, randomUUID())).statusCode).toBe(404);
    });

    it('switches the payer between org and user', async () => {
      const first = await change(token.orgAdmin, id.ada);
      expect(first.statusCode).toBe(200);
      expect(first.json<orgUsersContract.ChangePayerResponse>()).toEqual({
        success: true,
        message: orgUsersContract.PAYER_CHANGED_MESSAGE,
      });
      expect(await row(id.ada)).toMatchObject({ subscription_payer: 'External', is_solo: true });
      await change(token.orgAdmin, id.ada);
      expect(await row(id.ada)).toMatchObject({ subscription_payer: 'Org', is_solo: false });
      expect(await audits('org-user.change-payer', id.ada)).toHaveLength(2);
      // Each change is dated by the organisation's day, for the seat count (lib/seats.queries.ts).
      expect(await payerChangesOf(id.ada)).toEqual([
        { changedOn: '2025-06-10', payerBefore: 'org', payerAfter: 'user' },
        { changedOn: '2025-06-10', payerBefore: 'user', payerAfter: 'org' },
      ]);
    });

    it('answers no success for a lifetime membership', async () => {
      const response = await change(token.orgAdmin, id.lifer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        message: orgUsersContract.LIFETIME_PAYER_MESSAGE,
      });
    });
  });

  describe('GET /api/org/user_groups/{userId} and /api/org/users/group_options', () => {
    it('answer 401 signed out and 403 to a group admin', async () => {
      expect((await t.call('GET', `/api/org/user_groups/${id.ada}`)).statusCode).toBe(401);
      expect(
        (await t.call('GET', `/api/org/user_groups/${id.ada}`, token.groupAdmin)).statusCode,
      ).toBe(403);
      expect((await t.call('GET', '/api/org/users/group_options')).statusCode).toBe(401);
      expect(
        (await t.call('GET', '/api/org/users/group_options', token.groupAdmin)).statusCode,
      ).toBe(403);
    });

    it('answers 404 for another org’s user', async () => {
      const response = await t.call(
        'GET',
        `/api/org/user_groups/${randomUUID()}`,
        token.otherOrgAdmin,
      );
      expect(response.statusCode).toBe(404);
      const ada = await t.call('GET', `/api/org/user_groups/${id.ada}`, token.otherOrgAdmin);
      expect(ada.statusCode).toBe(404);
    });

    it('lists a user’s groups and the groups to choose from, Default first', async () => {
      const response = await t.call('GET', `/api/org/user_groups/${id.ada}`, token.orgAdmin);
      expect(response.json<orgUsersContract.UserGroupsResponse>()).toEqual({
        items: [
          { group_id: orgA.defaultGroupId, group_name: 'Default', is_default: true },
          { group_id: alpha.id, group_name: 'Alpha', is_default: false },
        ],
      });
      const options = await t.call('GET', '/api/org/users/group_options', token.orgAdmin);
      expect(
        options.json<orgUsersContract.UserGroupsResponse>().items.map((group) => group.group_name),
      ).toEqual(['Default', 'Alpha', 'Bravo']);
    });
  });

  describe('DELETE /api/org/users', () => {
    it('answers 401 signed out, 403 to a group admin, 404 for another org’s user', async () => {
      expect((await t.call('DELETE', `/api/org/users?userId=${id.ben}`)).statusCode).toBe(401);
      expect(
        (await t.call('DELETE', `/api/org/users?userId=${id.ben}`, token.groupAdmin)).statusCode,
      ).toBe(403);
      const other = await t.call('DELETE', `/api/org/users?userId=${id.ben}`, token.otherOrgAdmin);
      expect(other.statusCode).toBe(404);
      expect(await row(id.ben)).toBeDefined();
    });

    it('refuses to remove yourself', async () => {
      const response = await t.call(
        'DELETE',
        `/api/org/users?userId=${id.orgAdmin}`,
        token.orgAdmin,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: orgUsersContract.CANNOT_REMOVE_SELF_MESSAGE });
    });

    it('removes the user from the org and its groups; the account stays', async () => {
      const response = await t.call(
        'DELETE',
        `/api/org/users?userId=${id.ben}&userType=user&isExternal=false`,
        token.orgAdmin,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'User removed from organization',
        user_id: id.ben,
      });
      expect(await row(id.ben)).toBeUndefined();
      expect(await groupsOf(id.ben)).toEqual([]);
      const [account] = await t.db.select().from(accounts).where(eq(accounts.id, id.ben));
      expect(account).toBeDefined();
      expect(await audits('org-user.remove', id.ben)).toEqual([
        expect.objectContaining({
          orgId: orgA.id,
          actorAccountId: id.orgAdmin,
          details: { role: 'member', payer: 'user', isExternal: false },
        }),
      ]);
      const again = await t.call('DELETE', `/api/org/users?userId=${id.ben}`, token.orgAdmin);
      expect(again.statusCode).toBe(404);
      // Ben paid his own seat: the days before today stay his to pay, whoever pays if he is
      // added again (lib/seats.queries.ts).
      expect(await payerChangesOf(id.ben)).toEqual([
        { changedOn: '2025-06-10', payerBefore: 'user', payerAfter: 'user' },
      ]);
    });

    it('ends a removed admin’s access at once', async () => {
      const before = await t.call('GET', '/api/org/users_stats', token.coAdmin);
      expect(before.statusCode).toBe(200);
      const response = await t.call(
        'DELETE',
        `/api/org/users?userId=${id.coAdmin}`,
        token.orgAdmin,
      );
      expect(response.statusCode).toBe(200);
      expect((await t.call('GET', '/api/org/users_stats', token.coAdmin)).statusCode).toBe(403);
      // The organisation paid Cora's seat: the days she was a member stay billable.
      expect(await payerChangesOf(id.coAdmin)).toEqual([
        { changedOn: '2025-06-10', payerBefore: 'org', payerAfter: 'user' },
      ]);
    });

    it('answers 400 without a user id', async () => {
      const response = await t.call('DELETE', '/api/org/users', token.orgAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('userId');
    });
  });
});
