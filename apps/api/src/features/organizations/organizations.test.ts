import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { ORGANIZATION_NOT_FOUND_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import type { OrgUsersResponse, PublicKeyResponse } from '@resonant/contracts/org-users';
import * as organizationsContract from '@resonant/contracts/organizations';
import type { UserProfile } from '@resonant/contracts/profile';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { OrgsAndGroupsResponse } from '@resonant/contracts/switch';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { switchContext } from '../../../test/switch-context.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { encryptForTransport } from '../../../test/transport-password.ts';
import { firstSignIn, OWN_PASSWORD } from '../../../test/own-password.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { invoices, payerChanges, paymentMethods } from '../../db/schema/billing.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../../db/schema/organisations.ts';
import { tags } from '../../db/schema/readings.ts';

const FORBIDDEN = 'You do not have permission to do this';
const suffix = () => randomUUID().slice(0, 8);
const rowsOf = async <T>(t: TestApp, query: SQL) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the app admin’s organizations (SPEC §2 App admin, §5, §6, §7)', () => {
  let t: TestApp;
  let publicKey = '';
  const token = { appAdmin: '', orgAdmin: '', groupAdmin: '', member: '' };
  let appAdminId = '';
  let acme: { id: string; name: string; ids: { owner: string; lead: string; member: string } };

  beforeAll(async () => {
    // The mail jobs of the deletion test run at once.
    t = await buildTestApp({ env: { JOB_POLL_MS: '25' } });
    const appAdmin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    token.appAdmin = appAdmin.token;
    appAdminId = appAdmin.id;
    const org = await buildOrg(t, {
      name: `Acme ${suffix()}`,
      groups: ['Alpha'],
      people: {
        owner: { orgAdmin: true, groups: ['Default'] },
        lead: { groups: ['Default'], adminOf: ['Alpha'] },
        member: { groups: ['Default', 'Alpha'] },
      },
      signIn: ['owner', 'lead', 'member'],
    });
    acme = org;
    token.orgAdmin = org.tokens.owner;
    token.groupAdmin = org.tokens.lead;
    token.member = org.tokens.member;
    const key = await t.call('GET', '/api/auth/public-key', token.appAdmin);
    publicKey = key.json<PublicKeyResponse>().public_key;
  });
  afterAll(() => t.close());

  const encrypt = (password: string) => encryptForTransport(publicKey, password);
  const addBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Org ${suffix()}`,
    first_name: 'Ada',
    last_name: 'Founder',
    gender: 'Female',
    dob: '1985-05-05',
    email: `founder-${randomUUID()}@example.test`,
    password: encrypt('Founder#1'),
    ...overrides,
  });
  const listOrgs = async (query = '') => {
    const response = await t.call('GET', `/api/org/profile${query}`, token.appAdmin);
    expect(response.statusCode).toBe(200);
    return response.json<organizationsContract.OrganizationsResponse>().list;
  };
  const summaryOf = async (orgId: string) => {
    const [summary] = await listOrgs(`?orgId=${orgId}`);
    return summary!;
  };
  const profileOf = async (bearer: string) =>
    (await t.call('GET', '/api/user/profile', bearer)).json<UserProfile>();
  const adminsOf = async (orgId: string) => {
    const response = await t.call(
      'GET',
      `/api/org/users?type=allAdmins&orgId=${orgId}&limit=100`,
      token.appAdmin,
    );
    expect(response.statusCode).toBe(200);
    return response.json<OrgUsersResponse>().list;
  };

  describe('every route is the app admin’s alone', () => {
    type Route = { method: InjectOptions['method']; url: string; payload?: object };
    const routes = (): Route[] => [
      { method: 'GET', url: '/api/org/profile' },
      { method: 'POST', url: '/api/org/profile', payload: addBody() },
      { method: 'PUT', url: '/api/org/profile', payload: { orgId: acme.id, name: 'Taken Over' } },
      { method: 'DELETE', url: `/api/org/profile?orgId=${acme.id}` },
      {
        method: 'PUT',
        url: '/api/org/admin',
        payload: { orgId: acme.id, userId: acme.ids.member, isExternal: false },
      },
      { method: 'DELETE', url: `/api/org/admin?orgId=${acme.id}&userId=${acme.ids.owner}` },
      { method: 'GET', url: '/api/user/list?keyword=test' },
    ];
    const callers = () => [
      ['an org admin', token.orgAdmin],
      ['a group admin', token.groupAdmin],
      ['a member', token.member],
    ];

    it('answers 401 to every route when signed out', async () => {
      for (const route of routes()) {
        const response = await t.call(route.method, route.url, undefined, route.payload);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });

    it('answers 403 to an org admin, a group admin and a member, changing nothing', async () => {
      for (const [caller, bearer] of callers()) {
        for (const route of routes()) {
          const response = await t.call(route.method, route.url, bearer, route.payload);
          expect(response.statusCode, `${route.method} ${route.url} as ${caller}`).toBe(403);
          expect(response.json()).toEqual({ message: FORBIDDEN });
        }
      }
      const summary = await summaryOf(acme.id);
      expect(summary.name).toBe(acme.name);
      expect(summary.admins_count).toBe(1);
    });
  });

  describe('GET /api/org/profile', () => {
    it('lists organizations newest first with their groups (Default first) and what they hold', async () => {
      const org = await buildOrg(t, {
        name: `Listed ${suffix()}`,
        groups: ['Zeta', 'beta'],
        people: {
          admin: { orgAdmin: true, groups: ['Default'] },
          second: { orgAdmin: true },
          ada: { groups: ['Default', 'beta'] },
        },
        signIn: ['ada'],
      });
      const now = new Date();
      for (const [index, kind] of (['morning', 'anytime'] as const).entries()) {
        await recordReading(
          t.db,
          { orgId: org.id, accountId: org.ids.ada },
          {
            clientId: `listed-${index}`,
            takenAt: new Date(now.getTime() - (index + 1) * 3_600_000),
            kind,
            rr: syntheticRr(120, { seed: index + 1 }),
          },
          now,
        );
      }
      const session = await t.call('POST', '/api/v1/sessions', org.tokens.ada, sessionBody());
      expect(session.statusCode).toBe(201);

      const list = await listOrgs();
      expect(list[0]).toEqual({
        id: org.id,
        name: org.name,
        unique_name: org.name.replace(' ', '-'),
        created_at: expect.any(String),
        active: true,
        is_demo: false,
        groups: [
          { group_id: org.defaultGroupId, group_name: 'Default', is_default: true },
          { group_id: org.groups.beta.id, group_name: 'beta', is_default: false },
          { group_id: org.groups.Zeta.id, group_name: 'Zeta', is_default: false },
        ],
        members_count: 3,
        admins_count: 2,
        readings_count: 2,
        sessions_count: 1,
      } satisfies organizationsContract.OrganizationSummary);
      const created = list.map((summary) => summary.created_at);
      expect(created).toEqual([...created].sort().reverse());
      expect(list.map((summary) => summary.id)).toContain(acme.id);
    });

    it('searches names, and names one organization with orgId', async () => {
      const tag = suffix();
      const org = await buildOrg(t, { name: `Findable ${tag} Inc`, people: {} });
      expect((await listOrgs(`?search=${tag}`)).map((summary) => summary.id)).toEqual([org.id]);
      expect((await listOrgs(`?search=findable-${tag}`)).map((summary) => summary.id)).toEqual([
        org.id,
      ]);
      expect(await listOrgs(`?search=${suffix()}`)).toEqual([]);
      expect((await listOrgs(`?orgId=${acme.id}`)).map((summary) => summary.id)).toEqual([acme.id]);
    });

    it('answers 404 for an unknown orgId and 400 for one that is not an id', async () => {
      const unknown = await t.call('GET', `/api/org/profile?orgId=${randomUUID()}`, token.appAdmin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const malformed = await t.call('GET', '/api/org/profile?orgId=nope', token.appAdmin);
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('POST /api/org/profile', () => {
    const add = (payload: object) => t.call('POST', '/api/org/profile', token.appAdmin, payload);

    it('creates the organization, its Default group and a new admin, who signs in to /org of it', async () => {
      const input = addBody({ name: `New  Venture ${suffix()}` });
      const response = await add(input);
      expect(response.statusCode).toBe(201);
      const created = response.json<organizationsContract.AddOrganizationResponse>();
      expect(created).toMatchObject({
        message: organizationsContract.ORGANIZATION_CREATED_MESSAGE,
        admin_status: 'invited',
      });

      const summary = await summaryOf(created.org_id);
      expect(summary.unique_name).toBe(input.name.replace(/\s+/g, '-'));
      expect(summary.groups).toEqual([
        { group_id: created.default_group_id, group_name: 'Default', is_default: true },
      ]);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: input.email, password: 'Founder#1' },
      });
      expect(signIn.statusCode).toBe(200);
      const { user, token: adminToken } = signIn.json<AuthResponse>();
      expect(user).toMatchObject({
        user_type: 'org',
        current_org_id: created.org_id,
        passwordChangeRequired: true,
      });
      expect(ROLE_HOME[user.user_type]).toBe('/org');
      const chosen = { currentPassword: 'Founder#1', newPassword: OWN_PASSWORD };
      expect((await t.call('PUT', '/api/user/password', adminToken, chosen)).statusCode).toBe(200);
      // The admin joined at this first sign-in, into the Default group as every member.
      const inDefault = await t.db
        .select({ accountId: groupMemberships.accountId })
        .from(groupMemberships)
        .where(eq(groupMemberships.groupId, created.default_group_id));
      expect(inDefault).toEqual([{ accountId: user.user_id }]);
      expect(await profileOf(adminToken)).toMatchObject({
        user_id: user.user_id,
        user_type: 'org',
        current_org_id: created.org_id,
        current_group_id: null,
        org_name: input.name,
      });
      const { orgs } = (
        await t.call('GET', '/api/switch/orgs_and_groups', adminToken)
      ).json<OrgsAndGroupsResponse>();
      expect(orgs.map((org) => [org.org_id, org.can_switch_to_org])).toEqual([
        [created.org_id, true],
      ]);
    });

    it('invites an existing account, keeping its password, with the same answer', async () => {
      const first = addBody();
      const firstOrg = (await add(first)).json<organizationsContract.AddOrganizationResponse>();
      const second = await add(addBody({ email: first.email, password: encrypt('Ignored#1') }));
      expect(second.statusCode).toBe(201);
      const secondOrg = second.json<organizationsContract.AddOrganizationResponse>();
      expect(secondOrg).toMatchObject({
        message: organizationsContract.ORGANIZATION_CREATED_MESSAGE,
        admin_status: 'invited',
      });

      // The first sign-in joins the organisation that made the account; the other one invited it.
      await expect(t.signIn(first.email, 'Ignored#1')).rejects.toThrow(/401/);
      const admin = await firstSignIn(t, first.email, 'Founder#1');
      const { orgs } = (
        await t.call('GET', '/api/switch/orgs_and_groups', admin)
      ).json<OrgsAndGroupsResponse>();
      expect(orgs.filter((org) => org.can_switch_to_org).map((org) => org.org_id)).toEqual([
        firstOrg.org_id,
      ]);
      expect(secondOrg.org_id).not.toBe(firstOrg.org_id);
    });

    it('two organizations made at once for one new email make one account', async () => {
      const email = `founder-${randomUUID()}@example.test`;
      const responses = await Promise.all([add(addBody({ email })), add(addBody({ email }))]);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
      const [first, second] = responses.map((response) =>
        response.json<organizationsContract.AddOrganizationResponse>(),
      );
      expect(second!.org_id).not.toBe(first!.org_id);
      expect([first!.admin_status, second!.admin_status]).toEqual(['invited', 'invited']);
      const made = await t.db.select().from(accounts).where(eq(accounts.email, email));
      expect(made).toHaveLength(1);
    });

    // Issue 27: someone who signed up first with the new customer's address gains nothing; the
    // invitation goes to the address, where the squatter cannot read it.
    it('never makes an account that has not proven its email the admin', async () => {
      const email = `it-lead-${randomUUID()}@newcustomer.example`;
      const squatter = await createAccount(t.db, { email, emailVerified: false });
      const response = await add(addBody({ email }));
      expect(response.statusCode).toBe(201);
      expect(response.json<organizationsContract.AddOrganizationResponse>().admin_status).toBe(
        'invited',
      );
      const bearer = await t.signIn(squatter.email, squatter.password);
      const { orgs } = (
        await t.call('GET', '/api/switch/orgs_and_groups', bearer)
      ).json<OrgsAndGroupsResponse>();
      expect(orgs).toEqual([]);
    });

    it('409 when the unique name is taken (any case), creating nothing', async () => {
      const name = `Taken ${suffix()}`;
      expect((await add(addBody({ name }))).statusCode).toBe(201);
      const again = addBody({ name: name.toUpperCase() });
      const response = await add(again);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: organizationsContract.ORGANIZATION_NAME_TAKEN_MESSAGE,
      });
      await expect(t.signIn(again.email, 'Founder#1')).rejects.toThrow(/401/);
    });

    it('refuses a short name, the app admin as its admin, and a password it cannot read', async () => {
      const short = await add(addBody({ name: '  ab  ' }));
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        message: `name: ${organizationsContract.ORGANIZATION_NAME_TOO_SHORT_MESSAGE}`,
      });
      const appAdmin = await add(addBody({ email: APP_ADMIN_EMAIL }));
      expect(appAdmin.statusCode).toBe(409);
      expect(appAdmin.json()).toEqual({
        message: organizationsContract.APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
      });
      const unreadable = await add(addBody({ password: Buffer.from('plain').toString('base64') }));
      expect(unreadable.statusCode).toBe(400);
      const weak = await add(addBody({ password: encrypt('Ab#1') }));
      expect(weak.statusCode).toBe(400);
      expect(weak.json<{ message: string }>().message).toMatch(/^password: /);
    });
  });

  describe('PUT /api/org/profile', () => {
    const rename = (payload: object) => t.call('PUT', '/api/org/profile', token.appAdmin, payload);

    it('renames the organization and its unique name, and records it', async () => {
      const org = await buildOrg(t, { name: `Before ${suffix()}`, people: {} });
      const name = `After  Rename ${suffix()}`;
      const response = await rename({ orgId: org.id, name: `  ${name} ` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: organizationsContract.ORGANIZATION_RENAMED_MESSAGE,
      });
      expect(await summaryOf(org.id)).toMatchObject({
        name,
        unique_name: name.replace(/\s+/g, '-'),
      });
      const [audit] = await t.db
        .select({ actor: auditLog.actorAccountId, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'organization.rename')));
      expect(audit).toEqual({
        actor: appAdminId,
        details: {
          from: { name: org.name, uniqueName: org.name.replace(' ', '-') },
          to: { name, uniqueName: name.replace(/\s+/g, '-') },
        },
      });
      // Another case of its own name is its own.
      expect((await rename({ orgId: org.id, name: name.toUpperCase() })).statusCode).toBe(200);
    });

    it('refuses a name shorter than 3 characters after trimming with the spec’s words', async () => {
      const response = await rename({ orgId: acme.id, name: '  ab  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `name: ${organizationsContract.ORGANIZATION_NAME_TOO_SHORT_MESSAGE}`,
      });
    });

    it('answers 409 when another organization has the unique name, changing nothing', async () => {
      const taken = await buildOrg(t, { name: `Occupied ${suffix()}`, people: {} });
      const response = await rename({ orgId: acme.id, name: taken.name.toLowerCase() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: organizationsContract.ORGANIZATION_NAME_TAKEN_MESSAGE,
      });
      expect((await summaryOf(acme.id)).name).toBe(acme.name);
    });

    it('answers 404 for an unknown organization', async () => {
      const response = await rename({ orgId: randomUUID(), name: 'Nobody Home' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
    });
  });

  describe('DELETE /api/org/profile', () => {
    const remove = (orgId: string) =>
      t.call('DELETE', `/api/org/profile?orgId=${orgId}`, token.appAdmin);

    /** Every column that holds an organisation's id: each org_id, and each foreign key to it. */
    const orgColumns = async () => {
      const columns = await rowsOf<{ table_name: string; column_name: string }>(
        t,
        sql`select table_name, column_name from information_schema.columns
            where table_schema = 'public' and column_name = 'org_id'
          union
          select cl.relname::text, a.attname::text
            from pg_constraint c
            join pg_class cl on cl.oid = c.conrelid
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
            where c.contype = 'f' and c.confrelid = 'organisations'::regclass
          order by 1, 2`,
      );
      return columns.map((row) => ({ table: row.table_name, column: row.column_name }));
    };
    const rowsHolding = async (orgId: string) => {
      const counts: Record<string, number> = {};
      for (const { table, column } of await orgColumns()) {
        const [row] = await rowsOf<{ n: number }>(
          t,
          sql`select count(*)::int as n from ${sql.identifier(table)}
              where ${sql.identifier(column)} = ${orgId}`,
        );
        counts[`${table}.${column}`] = row!.n;
      }
      return counts;
    };

    it('removes the organization and every row of it; its members keep their accounts', async () => {
      const secondHome = await buildOrg(t, {
        name: `Survivor ${suffix()}`,
        people: { boss: { orgAdmin: true, groups: ['Default'] } },
      });
      const doomed = await buildOrg(t, {
        name: `Doomed ${suffix()}`,
        groups: ['Team'],
        people: {
          owner: { orgAdmin: true, groups: ['Default'] },
          lead: { groups: ['Default'], adminOf: ['Team'] },
          ada: { groups: ['Default', 'Team'] },
          both: { groups: ['Default'] },
        },
        signIn: ['owner', 'lead', 'ada'],
      });
      // `both` is also a member of the surviving organisation, joined after this one.
      await t.db
        .insert(orgMemberships)
        .values({ orgId: secondHome.id, accountId: doomed.ids.both, role: 'member' });

      // Recordings through ingestion (rollups and daily activity follow), with an org tag.
      const [orgTag] = await t.db
        .insert(tags)
        .values({ orgId: doomed.id, name: `Doomed tag ${suffix()}` })
        .returning({ id: tags.id });
      const now = new Date();
      await recordReading(
        t.db,
        { orgId: doomed.id, accountId: doomed.ids.ada },
        {
          clientId: 'doomed-reading',
          takenAt: new Date(now.getTime() - 3_600_000),
          kind: 'morning',
          rr: syntheticRr(120),
          tags: [orgTag!.id],
        },
        now,
      );
      const platformTags = (
        await t.call('GET', '/api/tags', doomed.tokens.ada)
      ).json<TagsResponse>();
      const session = await t.call(
        'POST',
        '/api/v1/sessions',
        doomed.tokens.ada,
        sessionBody({ tags: [platformTags.list[0]!.id] }),
      );
      expect(session.statusCode).toBe(201);

      // An invitation (its mail job and the mail it sends), a claim link for it, payment data.
      const invited = await t.call('POST', '/api/org/invitation', doomed.tokens.owner, {
        firstName: 'Ivy',
        lastName: 'Invited',
        email: `ivy-${suffix()}@example.test`,
        role: 'user',
        groupId: doomed.groups.Team.id,
      });
      expect(invited.statusCode).toBe(201);
      const claim = await t.call('POST', '/api/admin/lifetime-claims', token.appAdmin, {
        email: `claim-${suffix()}@example.test`,
        orgId: doomed.id,
      });
      expect(claim.statusCode).toBeLessThan(300);
      await waitForMail(doomed.id);
      // The org admin works in a group of it: their stored context points into the organisation.
      await switchContext(t, doomed.tokens.owner, doomed.id, doomed.groups.Team.id);

      await t.db.insert(paymentMethods).values({
        orgId: doomed.id,
        provider: 'test',
        providerMethodId: `pm_${randomUUID()}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        isDefault: true,
      });
      await t.db.insert(invoices).values({
        orgId: doomed.id,
        number: `INV-${randomUUID()}`,
        provider: 'test',
        seats: 4,
        unitAmountCents: 1000,
        amountDueCents: 4000,
        invoiceStatus: 'paid',
        paymentStatus: 'paid',
        billingPeriodStart: '2025-05-01',
        billingPeriodEnd: '2025-06-01',
      });

      const before = await rowsHolding(doomed.id);
      const held = Object.entries(before)
        .filter(([, n]) => n > 0)
        .map(([column]) => column);
      expect(held).toEqual(
        expect.arrayContaining([
          'audit_log.org_id',
          'group_memberships.org_id',
          'groups.org_id',
          'hrv_session_minutes.org_id',
          'hrv_session_tags.org_id',
          'hrv_sessions.org_id',
          'invitations.org_id',
          'invoices.org_id',
          'jobs.org_id',
          'lifetime_claims.org_id',
          'mail_outbox.org_id',
          'member_active_days.org_id',
          'member_daily_rollups.org_id',
          'member_rollup_totals.org_id',
          'org_daily_activity.org_id',
          'org_memberships.org_id',
          'payment_methods.org_id',
          'profiles.current_org_id',
          'reading_tags.org_id',
          'readings.org_id',
          'tags.org_id',
        ]),
      );
      const summary = await summaryOf(doomed.id);
      expect(summary).toMatchObject({ members_count: 4, readings_count: 1, sessions_count: 1 });
      const survivorBefore = await rowsHolding(secondHome.id);

      const response = await remove(doomed.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: organizationsContract.ORGANIZATION_DELETED_MESSAGE,
      });

      const after = await rowsHolding(doomed.id);
      expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
      const [org] = await t.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, doomed.id));
      expect(org).toBeUndefined();
      expect(await rowsHolding(secondHome.id)).toEqual(survivorBefore);

      // Recorded, platform-level, so the record outlives the organisation.
      const [audit] = await t.db
        .select({
          orgId: auditLog.orgId,
          actor: auditLog.actorAccountId,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'organization.delete'), eq(auditLog.targetId, doomed.id)));
      expect(audit).toEqual({
        orgId: null,
        actor: appAdminId,
        details: expect.objectContaining({
          orgId: doomed.id,
          name: doomed.name,
          members: 4,
          readings: 1,
          sessions: 1,
        }),
      });

      // The accounts stay and sign in: as individual users, or in their other organisation.
      const people = Object.values(doomed.people);
      const stored = await t.db.select({ id: accounts.id }).from(accounts);
      expect(stored.map((row) => row.id)).toEqual(
        expect.arrayContaining(people.map((person) => person.id)),
      );
      for (const person of [doomed.people.owner, doomed.people.lead, doomed.people.ada]) {
        const signIn = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: person.email, password: person.password },
        });
        expect(signIn.statusCode).toBe(200);
        const { user } = signIn.json<AuthResponse>();
        expect(user).toMatchObject({ user_type: 'user', current_org_id: null });
        expect(ROLE_HOME[user.user_type]).toBe('/user');
      }
      const both = await t.signIn(doomed.people.both.email, doomed.people.both.password);
      expect(await profileOf(both)).toMatchObject({
        user_type: 'user',
        current_org_id: secondHome.id,
      });
      // A session opened before the deletion goes on, outside the organisation.
      expect(await profileOf(doomed.tokens.owner)).toMatchObject({
        user_type: 'user',
        current_org_id: null,
        current_group_id: null,
      });
      expect((await t.call('GET', '/api/org/users', doomed.tokens.owner)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown organization (and for one deleted already)', async () => {
      const org = await buildOrg(t, { name: `Once ${suffix()}`, people: {} });
      expect((await remove(org.id)).statusCode).toBe(200);
      for (const orgId of [org.id, randomUUID()]) {
        const response = await remove(orgId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      }
    });

    /** Waits until every queued mail has been sent, so no job runs while the test deletes. */
    async function waitForMail(orgId: string) {
      for (let attempt = 0; attempt < 200; attempt++) {
        const pending = await t.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running']));
        const sent = await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.orgId, orgId));
        if (pending.length === 0 && sent.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the invitation mail was not sent');
    }
  });

  describe('PUT /api/org/admin and DELETE /api/org/admin', () => {
    let org: Awaited<ReturnType<typeof buildAdminsOrg>>;
    let outsider: { id: string; email: string; password: string };
    const buildAdminsOrg = () =>
      buildOrg(t, {
        name: `Admins ${suffix()}`,
        groups: ['Crew'],
        people: {
          owner: { orgAdmin: true, groups: ['Default'] },
          mia: { firstName: 'Mia', lastName: 'Member', groups: ['Default', 'Crew'] },
          solo: { groups: ['Default'] },
        },
      });
    const addAdmin = (payload: object) => t.call('PUT', '/api/org/admin', token.appAdmin, payload);
    const removeAdmin = (orgId: string, userId: string) =>
      t.call('DELETE', `/api/org/admin?orgId=${orgId}&userId=${userId}`, token.appAdmin);

    beforeAll(async () => {
      org = await buildAdminsOrg();
      const home = await buildOrg(t, {
        name: `Elsewhere ${suffix()}`,
        people: { otto: { firstName: 'Otto', lastName: 'Outsider', groups: ['Default'] } },
      });
      outsider = home.people.otto;
    });

    it('makes a member an admin: an internal one', async () => {
      const response = await addAdmin({ orgId: org.id, userId: org.ids.mia, isExternal: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: organizationsContract.ORG_ADMIN_ADDED_MESSAGE });
      const mia = (await adminsOf(org.id)).find((admin) => admin.user_id === org.ids.mia);
      expect(mia).toMatchObject({ user_highest_role: 'org', is_external: false });
      const [membership] = await t.db
        .select({ payer: orgMemberships.payer })
        .from(orgMemberships)
        .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, org.ids.mia)));
      expect(membership).toEqual({ payer: 'org' });
    });

    it('makes a user of another organization an external admin, in its Default group', async () => {
      // `isExternal` as sent is not trusted: the memberships decide.
      const response = await addAdmin({ orgId: org.id, userId: outsider.id, isExternal: false });
      expect(response.statusCode).toBe(200);
      const admins = await adminsOf(org.id);
      expect(admins.find((admin) => admin.user_id === outsider.id)).toMatchObject({
        first_name: 'Otto',
        user_highest_role: 'org',
        is_external: true,
        subscription_payer: 'External',
      });
      const inGroups = await t.db
        .select({ groupId: groupMemberships.groupId })
        .from(groupMemberships)
        .where(
          and(eq(groupMemberships.orgId, org.id), eq(groupMemberships.accountId, outsider.id)),
        );
      expect(inGroups).toEqual([{ groupId: org.defaultGroupId }]);
      const ottoToken = await t.signIn(outsider.email, outsider.password);
      const { orgs } = (
        await t.call('GET', '/api/switch/orgs_and_groups', ottoToken)
      ).json<OrgsAndGroupsResponse>();
      expect(orgs.find((candidate) => candidate.org_id === org.id)?.can_switch_to_org).toBe(true);
    });

    it('answers 409 for an admin already, and for the app admin account', async () => {
      const again = await addAdmin({ orgId: org.id, userId: org.ids.owner });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: organizationsContract.ALREADY_ORG_ADMIN_MESSAGE });
      const appAdmin = await addAdmin({ orgId: org.id, userId: appAdminId, isExternal: true });
      expect(appAdmin.statusCode).toBe(409);
      expect(appAdmin.json()).toEqual({
        message: organizationsContract.APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
      });
    });

    it('answers 404 for an unknown organization or user, adding nothing', async () => {
      const noOrg = await addAdmin({ orgId: randomUUID(), userId: org.ids.solo });
      expect(noOrg.statusCode).toBe(404);
      expect(noOrg.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const noUser = await addAdmin({ orgId: org.id, userId: randomUUID() });
      expect(noUser.statusCode).toBe(404);
      expect(noUser.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
      expect((await adminsOf(org.id)).map((admin) => admin.user_id)).not.toContain(org.ids.solo);
    });

    it('removes an external admin from the organization and its groups', async () => {
      const response = await removeAdmin(org.id, outsider.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: organizationsContract.ORG_ADMIN_REMOVED_MESSAGE });
      const left = await t.db
        .select({ id: groupMemberships.id })
        .from(groupMemberships)
        .where(
          and(eq(groupMemberships.orgId, org.id), eq(groupMemberships.accountId, outsider.id)),
        );
      expect(left).toEqual([]);
      const membership = await t.db
        .select({ id: orgMemberships.id })
        .from(orgMemberships)
        .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, outsider.id)));
      expect(membership).toEqual([]);
      // Its own organization is untouched.
      const [home] = await t.db
        .select({ id: orgMemberships.id })
        .from(orgMemberships)
        .where(eq(orgMemberships.accountId, outsider.id));
      expect(home).toBeDefined();
      // As every removal, it leaves its payer behind for billing: the organization never paid.
      const changes = await t.db
        .select({ before: payerChanges.payerBefore, after: payerChanges.payerAfter })
        .from(payerChanges)
        .where(and(eq(payerChanges.orgId, org.id), eq(payerChanges.accountId, outsider.id)));
      expect(changes).toEqual([{ before: 'user', after: 'user' }]);
    });

    it('turns an internal admin back into a member, still in its groups', async () => {
      const response = await removeAdmin(org.id, org.ids.mia);
      expect(response.statusCode).toBe(200);
      expect((await adminsOf(org.id)).map((admin) => admin.user_id)).toEqual([org.ids.owner]);
      const groupsOfMia = await t.db
        .select({ name: groups.name })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(eq(groupMemberships.accountId, org.ids.mia));
      expect(groupsOfMia.map((group) => group.name).sort()).toEqual(['Crew', 'Default']);
    });

    it('answers 404 for someone who is not an admin, or an unknown organization', async () => {
      const notAdmin = await removeAdmin(org.id, org.ids.solo);
      expect(notAdmin.statusCode).toBe(404);
      expect(notAdmin.json()).toEqual({ message: organizationsContract.NOT_ORG_ADMIN_MESSAGE });
      const noOrg = await removeAdmin(randomUUID(), org.ids.owner);
      expect(noOrg.statusCode).toBe(404);
      expect(noOrg.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const otherOrgAdmin = await removeAdmin(org.id, acme.ids.owner);
      expect(otherOrgAdmin.statusCode).toBe(404);
    });

    it('refuses to remove the last admin', async () => {
      const response = await removeAdmin(org.id, org.ids.owner);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: organizationsContract.LAST_ORG_ADMIN_MESSAGE });
      expect((await adminsOf(org.id)).map((admin) => admin.user_id)).toEqual([org.ids.owner]);
    });

    it('never removes the last two admins at once', async () => {
      const pair = await buildOrg(t, {
        name: `Pair ${suffix()}`,
        people: { one: { orgAdmin: true }, two: { orgAdmin: true } },
      });
      const responses = await Promise.all([
        removeAdmin(pair.id, pair.ids.one),
        removeAdmin(pair.id, pair.ids.two),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await adminsOf(pair.id)).toHaveLength(1);
    });
  });

  describe('GET /api/user/list', () => {
    const search = async (query: string) => {
      const response = await t.call('GET', `/api/user/list?${query}`, token.appAdmin);
      expect(response.statusCode).toBe(200);
      return response.json<organizationsContract.UserListResponse>().list;
    };

    it('finds accounts of every organization by name or email, with their organizations', async () => {
      const tag = suffix();
      const first = await buildOrg(t, {
        name: `First ${tag}`,
        people: { kim: { firstName: `Kim${tag}`, lastName: 'Keen' } },
      });
      const second = await buildOrg(t, {
        name: `Second ${tag}`,
        people: { kim: { account: first.people.kim }, lou: { lastName: `Lou${tag}` } },
      });
      const loner = await createAccount(t.db, { email: `loner-${tag}@example.test` });

      expect(await search(`keyword=kim${tag}`)).toEqual([
        {
          user_id: first.ids.kim,
          first_name: `Kim${tag}`,
          last_name: 'Keen',
          email: first.people.kim.email,
          org_id: first.id,
          org_name: first.name,
          org_ids: [first.id, second.id],
        },
      ]);
      expect((await search(`keyword=${tag}`)).map((user) => user.user_id)).toEqual([
        first.ids.kim,
        second.ids.lou,
        loner.id,
      ]);
      expect(await search(`keyword=loner-${tag}`)).toMatchObject([
        { user_id: loner.id, org_id: null, org_name: null, org_ids: [] },
      ]);
      // Scoped to one organization's members.
      expect((await search(`keyword=${tag}&orgId=${second.id}`)).map((u) => u.user_id)).toEqual([
        first.ids.kim,
        second.ids.lou,
      ]);
      expect(await search(`keyword=${tag}&orgId=${acme.id}`)).toEqual([]);
    });

    it('never lists the app admin account', async () => {
      expect(await search(`keyword=${APP_ADMIN_EMAIL}`)).toEqual([]);
    });

    it(`answers at most ${organizationsContract.ADMIN_USER_SEARCH_LIMIT}, by name`, async () => {
      const tag = suffix();
      for (let index = 0; index < organizationsContract.ADMIN_USER_SEARCH_LIMIT + 3; index++) {
        await createAccount(t.db, {
          firstName: `Many${String(index).padStart(2, '0')}`,
          lastName: `Crowd${tag}`,
        });
      }
      const list = await search(`keyword=crowd${tag}`);
      expect(list).toHaveLength(organizationsContract.ADMIN_USER_SEARCH_LIMIT);
      expect(list.map((user) => user.first_name)).toEqual(
        Array.from(
          { length: organizationsContract.ADMIN_USER_SEARCH_LIMIT },
          (_, i) => `Many${String(i).padStart(2, '0')}`,
        ),
      );
    });

    it('answers 400 for fewer than 3 characters and 404 for an unknown organization', async () => {
      const short = await t.call('GET', '/api/user/list?keyword=%20ab%20', token.appAdmin);
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ message: 'keyword: Enter at least 3 characters' });
      const unknown = await t.call(
        'GET',
        `/api/user/list?keyword=test&orgId=${randomUUID()}`,
        token.appAdmin,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
    });
  });
});

/** A biofeedback session as the app sends it: 6 minutes of paced breathing. */
function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    clientId: randomUUID(),
    type: 'biofeedback',
    startedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    sessionName: 'Resonance',
    breathsPerMinute: 6,
    rr: syntheticRr(360, { meanMs: 950, swingMs: 5, breathsPerMinute: 6 }),
    ...overrides,
  };
}
