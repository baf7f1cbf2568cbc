import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NOT_FOUND_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  ADMIN_NOT_FOUND_MESSAGE,
  DEFAULT_GROUP_PROTECTED_MESSAGE,
  GROUP_NAME_RESERVED_MESSAGE,
  GROUP_NAME_TAKEN_MESSAGE,
  LAST_GROUP_ADMIN_MESSAGE,
  ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE,
  USER_SEARCH_LIMIT,
  type GroupAdminsResponse,
  type GroupListResponse,
  type GroupUsersResponse,
} from '@resonant/contracts/groups';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createGroup, type createOrg } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { groupMemberships, groups, orgMemberships } from '../../db/schema/organisations.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';

type Org = Awaited<ReturnType<typeof createOrg>>;
type Person = { id: string; email: string; password: string };

describe('groups (SPEC §7 "Groups")', () => {
  let t: TestApp;
  let orgA: Org;
  let orgB: Org;
  let alpha: { id: string; name: string };
  let bravo: { id: string; name: string };
  let groupOfB: { id: string; name: string };
  const people = {} as Record<
    | 'orgAdmin'
    | 'secondOrgAdmin'
    | 'groupAdmin'
    | 'member'
    | 'appAdmin'
    | 'ann'
    | 'ben'
    | 'cat'
    | 'outsider',
    Person
  >;
  const token = { orgAdmin: '', groupAdmin: '', member: '', appAdmin: '', orgAdminB: '' };

  const joinGroup = (org: Org, groupId: string, accountId: string, isAdmin = false) =>
    t.db.insert(groupMemberships).values({ orgId: org.id, groupId, accountId, isAdmin });

  beforeAll(async () => {
    t = await buildTestApp();
    const builtA = await buildOrg(t, {
      name: 'Groups Org A',
      groups: ['Alpha', 'bravo'],
      people: {
        orgAdmin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true, groups: ['Default'] },
        // An org admin who is also flagged admin of Alpha: never listed, never offered.
        secondOrgAdmin: {
          firstName: 'Oscar',
          lastName: 'Owner',
          orgAdmin: true,
          adminOf: ['Alpha'],
        },
        groupAdmin: {
          firstName: 'Gus',
          lastName: 'Lead',
          email: 'gus.lead@groups.test',
          groups: ['Default'],
          adminOf: ['Alpha'],
        },
        member: { firstName: 'Mia', lastName: 'Member', groups: ['Default', 'bravo'] },
        ann: {
          firstName: 'Ann',
          lastName: 'Archer',
          email: 'ann.archer@groups.test',
          groups: ['Default', 'Alpha'],
        },
        ben: {
          firstName: 'Ben',
          lastName: 'Archer',
          email: 'ben@groups.test',
          groups: ['Default', 'Alpha'],
        },
        cat: {
          firstName: 'Cat',
          lastName: 'Cole',
          email: 'cat@groups.test',
          groups: ['Default', 'bravo'],
        },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'member'],
    });
    const builtB = await buildOrg(t, {
      name: 'Groups Org B',
      groups: ['Bee Team'],
      people: {
        outsider: {
          firstName: 'Ann',
          lastName: 'Outsider',
          email: 'ann.outsider@groups.test',
          groups: ['Default', 'Bee Team'],
        },
        orgAdminB: { orgAdmin: true },
      },
      signIn: ['orgAdminB'],
    });
    orgA = builtA;
    orgB = builtB;
    alpha = builtA.groups.Alpha;
    bravo = builtA.groups.bravo;
    groupOfB = builtB.groups['Bee Team'];
    const appAdmin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    Object.assign(people, builtA.people, { outsider: builtB.people.outsider, appAdmin });
    Object.assign(token, builtA.tokens, builtB.tokens, { appAdmin: appAdmin.token });
  });
  afterAll(() => t.close());

  const list = async (bearer = token.orgAdmin, query = '') =>
    (await t.call('GET', `/api/group/profile${query}`, bearer)).json<GroupListResponse>().list;
  const adminsOf = async (groupId: string) =>
    (await t.call('GET', `/api/group/admins?groupId=${groupId}`, token.orgAdmin))
      .json<GroupAdminsResponse>()
      .list.map((admin) => admin.user_id);
  const membershipOf = async (groupId: string, accountId: string) => {
    const [row] = await t.db
      .select({ isAdmin: groupMemberships.isAdmin })
      .from(groupMemberships)
      .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.accountId, accountId)));
    return row ?? null;
  };
  const auditOf = (action: string, targetId: string) =>
    t.db
      .select({
        orgId: auditLog.orgId,
        actor: auditLog.actorAccountId,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  /** A fresh group of org A with the given admins, for tests that change it. */
  const freshGroup = async (name: string, admins: Person[] = [people.ann]) => {
    const group = await createGroup(t.db, orgA.id, name);
    for (const admin of admins) await joinGroup(orgA, group.id, admin.id, true);
    return group;
  };

  /** The role checks every route shares: 401 signed out, 403 for each role but org admin. */
  function refusesStrangers(
    method: Parameters<TestApp['call']>[0],
    url: () => string,
    payload?: () => object,
  ) {
    it('answers 401 when signed out', async () => {
      const response = await t.call(method, url(), undefined, payload?.());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });
    it.each(['groupAdmin', 'member', 'appAdmin'] as const)('answers 403 to a %s', async (who) => {
      const response = await t.call(method, url(), token[who], payload?.());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });
  }

  describe('GET /api/group/profile', () => {
    refusesStrangers('GET', () => '/api/group/profile?rmssd=false');

    it('lists the org’s groups, Default first and flagged, then by name, with member counts', async () => {
      const response = await t.call('GET', '/api/group/profile?rmssd=false', token.orgAdmin);
      expect(response.statusCode).toBe(200);
      const body = response.json<GroupListResponse>();
      const known = body.list.filter((group) => [alpha.id, bravo.id].includes(group.id));
      expect(known).toEqual([
        // secondOrgAdmin, groupAdmin, ann, ben
        {
          id: alpha.id,
          name: 'Alpha',
          org_id: orgA.id,
          is_default: false,
          members: 4,
          avg_rmssd: null,
        },
        {
          id: bravo.id,
          name: 'bravo',
          org_id: orgA.id,
          is_default: false,
          members: 2,
          avg_rmssd: null,
        },
      ]);
      const [first, ...others] = body.list;
      expect(first).toMatchObject({ id: orgA.defaultGroupId, name: 'Default', is_default: true });
      expect(others.some((group) => group.is_default)).toBe(false);
      expect(body.list.every((group) => group.org_id === orgA.id)).toBe(true);
      const names = others.map((group) => group.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('shows another org admin only its own org', async () => {
      expect(await list(token.orgAdminB)).toEqual([
        // Its member count grows as other tests add people to org B.
        expect.objectContaining({
          id: orgB.defaultGroupId,
          name: 'Default',
          org_id: orgB.id,
          is_default: true,
        }),
        {
          id: groupOfB.id,
          name: 'Bee Team',
          org_id: orgB.id,
          is_default: false,
          members: 1,
          avg_rmssd: null,
        },
      ]);
    });

    it('with rmssd=true gives each group the mean of its members’ all-time means', async () => {
      const group = await freshGroup('Rollup Check', [people.ann]);
      await joinGroup(orgA, group.id, people.ben.id);
      await joinGroup(orgA, group.id, people.cat.id);
      const rollup = (org: Org, person: Person, day: string, sum: number, n: number) => ({
        orgId: org.id,
        accountId: person.id,
        day,
        rmssdSum: sum,
        rmssdCount: n,
        readingsCount: n,
        lastTakenAt: new Date(`${day}T07:00:00Z`),
      });
      await t.db.insert(memberDailyRollups).values([
        rollup(orgA, people.ann, '2025-05-01', 100, 2),
        rollup(orgA, people.ann, '2025-05-02', 60, 1),
        rollup(orgA, people.ben, '2025-05-01', 40, 1),
        // Only low-quality readings that day: no RMSSD counted, so Cat has no mean.
        { ...rollup(orgA, people.cat, '2025-05-01', 0, 0), readingsCount: 2 },
        // Ann's readings in another org are not this org's data.
        rollup(orgB, people.ann, '2025-05-03', 900, 1),
      ]);
      const annMean = (100 + 60) / 3;
      const benMean = 40;

      const withRmssd = await list(token.orgAdmin, '?rmssd=true');
      const checked = withRmssd.find((row) => row.id === group.id);
      expect(checked?.members).toBe(3);
      expect(checked?.avg_rmssd).toBeCloseTo((annMean + benMean) / 2, 9);
      // Alpha: ann and ben have data, the others none.
      expect(withRmssd.find((row) => row.id === alpha.id)?.avg_rmssd).toBeCloseTo(
        (annMean + benMean) / 2,
        9,
      );
      // Bravo: Cat has no counted reading, Mia none at all.
      expect(withRmssd.find((row) => row.id === bravo.id)?.avg_rmssd).toBeNull();
      expect((await list()).find((row) => row.id === group.id)?.avg_rmssd).toBeNull();
    });

    it('answers 400 naming the field for a bad rmssd flag', async () => {
      const response = await t.call('GET', '/api/group/profile?rmssd=maybe', token.orgAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('rmssd');
    });
  });

  describe('POST /api/group/profile', () => {
    const create = (payload: object, bearer = token.orgAdmin) =>
      t.call('POST', '/api/group/profile', bearer, payload);

    refusesStrangers(
      'POST',
      () => '/api/group/profile',
      () => ({ name: 'Strangers', adminUserIds: [people.ann.id] }),
    );

    it('creates a group whose admins become members and admins', async () => {
      const response = await create({
        name: '  Night Shift  ',
        adminUserIds: [people.ann.id, people.cat.id, people.ann.id],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: 'Group created successfully' });

      const created = (await list()).find((group) => group.name === 'Night Shift');
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Night Shift',
        org_id: orgA.id,
        is_default: false,
        members: 2,
        avg_rmssd: null,
      });
      expect(await adminsOf(created!.id)).toEqual([people.ann.id, people.cat.id]);
      expect(await membershipOf(created!.id, people.ann.id)).toEqual({ isAdmin: true });
      expect(await auditOf('group.create', created!.id)).toEqual([
        {
          orgId: orgA.id,
          actor: people.orgAdmin.id,
          details: { name: 'Night Shift', adminUserIds: [people.ann.id, people.cat.id] },
        },
      ]);
    });

    it('accepts 50 characters, letters of any alphabet, digits, _, space and -', async () => {
      for (const name of ['x'.repeat(50), 'Équipe_2 - Nord']) {
        const response = await create({ name, adminUserIds: [people.ben.id] });
        expect(response.statusCode, name).toBe(201);
      }
    });

    it('allows a name another organization uses', async () => {
      const response = await create({ name: 'Bee Team', adminUserIds: [people.ben.id] });
      expect(response.statusCode).toBe(201);
    });

    it('answers 409 for a name the org already has, ignoring case', async () => {
      const response = await create({ name: 'ALPHA', adminUserIds: [people.ben.id] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: GROUP_NAME_TAKEN_MESSAGE });
    });

    const invalid: [string, () => object, string][] = [
      ['a missing name', () => ({ adminUserIds: [people.ann.id] }), 'name: This field is required'],
      [
        'a blank name',
        () => ({ name: '   ', adminUserIds: [people.ann.id] }),
        'name: This field is required',
      ],
      [
        'a name over 50 characters',
        () => ({ name: 'x'.repeat(51), adminUserIds: [people.ann.id] }),
        'name: Group name must be at most 50 characters',
      ],
      [
        'a name with other characters',
        () => ({ name: 'Team!', adminUserIds: [people.ann.id] }),
        'name: Invalid characters',
      ],
      [
        'the reserved name Default',
        () => ({ name: 'default', adminUserIds: [people.ann.id] }),
        `name: ${GROUP_NAME_RESERVED_MESSAGE}`,
      ],
      [
        'no admin',
        () => ({ name: 'No Admins', adminUserIds: [] }),
        'adminUserIds: Please select at least one option',
      ],
      [
        'a missing admin list',
        () => ({ name: 'No Admins' }),
        'adminUserIds: Please select at least one option',
      ],
      [
        'an admin that is not an id',
        () => ({ name: 'Bad Id', adminUserIds: ['ann'] }),
        'adminUserIds.0: adminUserIds must be an id',
      ],
    ];
    it.each(invalid)('answers 400 for %s', async (_name, payload, message) => {
      const response = await create(payload());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('answers 404 for an admin outside the org and creates nothing', async () => {
      for (const userId of [people.outsider.id, randomUUID()]) {
        const response = await create({ name: 'Foreign', adminUserIds: [people.ann.id, userId] });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
      }
      expect((await list()).some((group) => group.name === 'Foreign')).toBe(false);
    });

    it('answers 400 for an org admin as group admin', async () => {
      const response = await create({ name: 'Owners', adminUserIds: [people.orgAdmin.id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE });
    });
  });

  describe('PUT /api/group/profile', () => {
    const rename = (payload: object, bearer = token.orgAdmin) =>
      t.call('PUT', '/api/group/profile', bearer, payload);

    refusesStrangers(
      'PUT',
      () => '/api/group/profile',
      () => ({ groupId: alpha.id, name: 'Renamed' }),
    );

    it('renames a group of the org and records it', async () => {
      const group = await freshGroup('Before Rename');
      const response = await rename({ groupId: group.id, name: 'After Rename' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Group updated successfully' });
      expect((await list()).find((row) => row.id === group.id)?.name).toBe('After Rename');
      expect(await auditOf('group.rename', group.id)).toEqual([
        {
          orgId: orgA.id,
          actor: people.orgAdmin.id,
          details: { from: 'Before Rename', to: 'After Rename' },
        },
      ]);
      // Changing only the case of its own name is no clash.
      expect((await rename({ groupId: group.id, name: 'after rename' })).statusCode).toBe(200);
      expect((await list()).find((row) => row.id === group.id)?.name).toBe('after rename');
      // The same name again changes nothing.
      expect((await rename({ groupId: group.id, name: 'after rename' })).statusCode).toBe(200);
      expect(await auditOf('group.rename', group.id)).toHaveLength(2);
    });

    it('lets one of two simultaneous renames to the same name win', async () => {
      const first = await freshGroup('Race One');
      const second = await freshGroup('Race Two');
      const statuses = await Promise.all(
        [first, second].map(
          async (group) => (await rename({ groupId: group.id, name: 'Race Winner' })).statusCode,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409]);
      expect((await list()).filter((row) => row.name === 'Race Winner')).toHaveLength(1);
    });

    it('answers 409 for another group’s name, ignoring case', async () => {
      const response = await rename({ groupId: bravo.id, name: 'alpha' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: GROUP_NAME_TAKEN_MESSAGE });
    });

    it('answers 404 for another org’s group or an unknown id', async () => {
      for (const groupId of [groupOfB.id, randomUUID()]) {
        const response = await rename({ groupId, name: 'Taken Over' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      }
      expect((await list(token.orgAdminB)).find((group) => group.id === groupOfB.id)?.name).toBe(
        'Bee Team',
      );
    });

    it('answers 403 for the Default group', async () => {
      const response = await rename({ groupId: orgA.defaultGroupId, name: 'Everyone' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: DEFAULT_GROUP_PROTECTED_MESSAGE });
    });

    it.each([
      ['Default', `name: ${GROUP_NAME_RESERVED_MESSAGE}`],
      ['a/b', 'name: Invalid characters'],
      ['', 'name: This field is required'],
    ])('answers 400 for the name %j', async (name, message) => {
      const response = await rename({ groupId: alpha.id, name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('answers 400 naming groupId when it is not an id', async () => {
      const response = await rename({ groupId: 'alpha', name: 'Alpha' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'groupId: groupId must be an id' });
    });
  });

  describe('DELETE /api/group/profile', () => {
    const remove = (groupId: string, bearer = token.orgAdmin) =>
      t.call('DELETE', `/api/group/profile?groupId=${groupId}`, bearer);

    refusesStrangers('DELETE', () => `/api/group/profile?groupId=${bravo.id}`);

    it('deletes a group; its members stay in the org and in Default', async () => {
      const group = await freshGroup('To Delete', [people.ann]);
      // A member who is not (yet) in Default.
      const loner = await createAccount(t.db);
      await addMember(t.db, orgA.id, loner.id, { groups: [{ groupId: group.id }] });

      const response = await remove(group.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Group deleted successfully' });
      expect((await list()).some((row) => row.id === group.id)).toBe(false);
      expect(await t.db.select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
      expect(
        await t.db.select().from(groupMemberships).where(eq(groupMemberships.groupId, group.id)),
      ).toEqual([]);
      expect(await membershipOf(orgA.defaultGroupId, loner.id)).toEqual({ isAdmin: false });
      expect(await membershipOf(orgA.defaultGroupId, people.ann.id)).toEqual({ isAdmin: false });
      const stillMembers = await t.db
        .select({ accountId: orgMemberships.accountId })
        .from(orgMemberships)
        .where(eq(orgMemberships.orgId, orgA.id));
      expect(stillMembers.map((row) => row.accountId)).toEqual(
        expect.arrayContaining([loner.id, people.ann.id]),
      );
      expect(await auditOf('group.delete', group.id)).toEqual([
        { orgId: orgA.id, actor: people.orgAdmin.id, details: { name: 'To Delete' } },
      ]);
      expect((await remove(group.id)).statusCode).toBe(404);
    });

    it('answers 404 for another org’s group', async () => {
      const response = await remove(groupOfB.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      expect((await list(token.orgAdminB)).map((group) => group.id)).toContain(groupOfB.id);
    });

    it('answers 403 for the Default group and keeps it', async () => {
      const response = await remove(orgA.defaultGroupId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: DEFAULT_GROUP_PROTECTED_MESSAGE });
      expect(
        await t.db.select().from(groups).where(eq(groups.id, orgA.defaultGroupId)),
      ).toHaveLength(1);
    });

    it('answers 400 naming groupId when it is missing or not an id', async () => {
      for (const url of ['/api/group/profile', '/api/group/profile?groupId=1']) {
        const response = await t.call('DELETE', url, token.orgAdmin);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toContain('groupId');
      }
    });
  });

  describe('GET /api/group/admins', () => {
    refusesStrangers('GET', () => `/api/group/admins?groupId=${alpha.id}`);

    it('lists the group admins without the org admins', async () => {
      const response = await t.call('GET', `/api/group/admins?groupId=${alpha.id}`, token.orgAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        list: [
          {
            user_id: people.groupAdmin.id,
            first_name: 'Gus',
            last_name: 'Lead',
            email: 'gus.lead@groups.test',
            org_id: orgA.id,
          },
        ],
      });
    });

    it('answers 404 for another org’s group', async () => {
      const response = await t.call(
        'GET',
        `/api/group/admins?groupId=${groupOfB.id}`,
        token.orgAdmin,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });
  });

  describe('PUT /api/group/admins', () => {
    const add = (payload: object, bearer = token.orgAdmin) =>
      t.call('PUT', '/api/group/admins', bearer, payload);

    refusesStrangers(
      'PUT',
      () => '/api/group/admins',
      () => ({ groupId: alpha.id, userId: people.cat.id }),
    );

    it('makes a member of the group its admin, and adding again changes nothing', async () => {
      const group = await freshGroup('Add Admin Member');
      await joinGroup(orgA, group.id, people.ben.id);
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await add({ groupId: group.id, userId: people.ben.id });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'Admin added successfully' });
      }
      expect(await adminsOf(group.id)).toEqual([people.ann.id, people.ben.id]);
      expect((await list()).find((row) => row.id === group.id)?.members).toBe(2);
      expect(await auditOf('group.admin.add', group.id)).toContainEqual({
        orgId: orgA.id,
        actor: people.orgAdmin.id,
        details: { userId: people.ben.id },
      });
    });

    it('adds an org member who was not in the group as member and admin', async () => {
      const group = await freshGroup('Add Admin Outsider');
      const response = await add({ groupId: group.id, userId: people.cat.id });
      expect(response.statusCode).toBe(200);
      expect(await membershipOf(group.id, people.cat.id)).toEqual({ isAdmin: true });
      expect((await list()).find((row) => row.id === group.id)?.members).toBe(2);
    });

    it('answers 404 for another org’s group or user', async () => {
      const foreignGroup = await add({ groupId: groupOfB.id, userId: people.ann.id });
      expect(foreignGroup.statusCode).toBe(404);
      expect(foreignGroup.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      for (const userId of [people.outsider.id, randomUUID()]) {
        const foreignUser = await add({ groupId: alpha.id, userId });
        expect(foreignUser.statusCode).toBe(404);
        expect(foreignUser.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
      }
      expect(await membershipOf(alpha.id, people.outsider.id)).toBeNull();
    });

    it('answers 400 for an org admin and 403 for the Default group', async () => {
      const orgAdmin = await add({ groupId: bravo.id, userId: people.orgAdmin.id });
      expect(orgAdmin.statusCode).toBe(400);
      expect(orgAdmin.json()).toEqual({ message: ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE });
      const defaultGroup = await add({ groupId: orgA.defaultGroupId, userId: people.ann.id });
      expect(defaultGroup.statusCode).toBe(403);
      expect(defaultGroup.json()).toEqual({ message: DEFAULT_GROUP_PROTECTED_MESSAGE });
    });

    it('answers 400 naming the field that is not an id', async () => {
      const response = await add({ groupId: alpha.id, userId: 'ann' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'userId: userId must be an id' });
    });
  });

  describe('DELETE /api/group/admins', () => {
    const remove = (groupId: string, userId: string, bearer = token.orgAdmin) =>
      t.call('DELETE', `/api/group/admins?groupId=${groupId}&userId=${userId}`, bearer);

    refusesStrangers(
      'DELETE',
      () => `/api/group/admins?groupId=${alpha.id}&userId=${people.ann.id}`,
    );

    it('removes an admin, who stays a member, but never the last one', async () => {
      const group = await freshGroup('Remove Admin', [people.ann, people.ben]);
      const response = await remove(group.id, people.ann.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Admin removed successfully' });
      expect(await adminsOf(group.id)).toEqual([people.ben.id]);
      expect(await membershipOf(group.id, people.ann.id)).toEqual({ isAdmin: false });
      expect(await auditOf('group.admin.remove', group.id)).toEqual([
        { orgId: orgA.id, actor: people.orgAdmin.id, details: { userId: people.ann.id } },
      ]);

      const last = await remove(group.id, people.ben.id);
      expect(last.statusCode).toBe(400);
      expect(last.json()).toEqual({ message: LAST_GROUP_ADMIN_MESSAGE });
      expect(await adminsOf(group.id)).toEqual([people.ben.id]);
    });

    it('keeps one admin when the last two are removed at the same time', async () => {
      const group = await freshGroup('Remove Race', [people.ann, people.ben]);
      const statuses = await Promise.all(
        [people.ann, people.ben].map(
          async (admin) => (await remove(group.id, admin.id)).statusCode,
        ),
      );
      expect(statuses.sort()).toEqual([200, 400]);
      expect(await adminsOf(group.id)).toHaveLength(1);
    });

    it('counts only the admins it shows: a hidden org admin does not keep a group going', async () => {
      // Alpha: Gus (shown) and Oscar, an org admin flagged admin (hidden).
      const response = await remove(alpha.id, people.groupAdmin.id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: LAST_GROUP_ADMIN_MESSAGE });
    });

    it('answers 404 for a user who is not an admin of the group', async () => {
      for (const userId of [people.ann.id, people.outsider.id, randomUUID()]) {
        const response = await remove(alpha.id, userId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ADMIN_NOT_FOUND_MESSAGE });
      }
    });

    it('answers 404 for another org’s group and 403 for the Default group', async () => {
      const foreign = await remove(groupOfB.id, people.outsider.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      const defaultGroup = await remove(orgA.defaultGroupId, people.ann.id);
      expect(defaultGroup.statusCode).toBe(403);
    });
  });

  describe('GET /api/group/users', () => {
    const users = async (query: string, bearer = token.orgAdmin) => {
      const response = await t.call('GET', `/api/group/users?${query}`, bearer);
      return { status: response.statusCode, body: response.json() as GroupUsersResponse };
    };
    const ids = (body: GroupUsersResponse) => body.list.map((user) => user.user_id);

    refusesStrangers('GET', () => '/api/group/users?keyword=archer');

    it('finds org members by name, full name or email, ignoring case; never org admins', async () => {
      const byLastName = await users('keyword=ARCHER');
      expect(byLastName.status).toBe(200);
      expect(byLastName.body).toEqual({
        list: [
          {
            user_id: people.ann.id,
            first_name: 'Ann',
            last_name: 'Archer',
            email: 'ann.archer@groups.test',
          },
          {
            user_id: people.ben.id,
            first_name: 'Ben',
            last_name: 'Archer',
            email: 'ben@groups.test',
          },
        ],
      });
      expect(ids((await users('keyword=ann%20arch')).body)).toEqual([people.ann.id]);
      expect(ids((await users('keyword=cat@groups')).body)).toEqual([people.cat.id]);
      // Olga and Oscar Owner are org admins; Ann Outsider is in another org.
      expect(ids((await users('keyword=owner')).body)).toEqual([]);
      expect(ids((await users('keyword=outsider')).body)).toEqual([]);
      // LIKE wildcards are taken literally.
      expect(ids((await users('keyword=%25%25%25')).body)).toEqual([]);
      expect(ids((await users('keyword=___')).body)).toEqual([]);
    });

    it(`answers at most ${USER_SEARCH_LIMIT} users`, async () => {
      for (let index = 0; index < USER_SEARCH_LIMIT + 2; index++) {
        const account = await createAccount(t.db, { firstName: 'Many', lastName: `Zed${index}` });
        await addMember(t.db, orgA.id, account.id);
      }
      expect((await users('keyword=many')).body.list).toHaveLength(USER_SEARCH_LIMIT);
    });

    it('with groupId and addAdmins=true offers members not yet admins of that group', async () => {
      const group = await freshGroup('Candidates', [people.ann]);
      const { status, body } = await users(`groupId=${group.id}&addAdmins=true&keyword=archer`);
      expect(status).toBe(200);
      expect(ids(body)).toEqual([people.ben.id]);
      const all = ids((await users(`groupId=${alpha.id}&addAdmins=true`)).body);
      expect(all).toContain(people.ann.id);
      expect(all).not.toContain(people.groupAdmin.id);
      expect(all).not.toContain(people.orgAdmin.id);
      expect(all).not.toContain(people.outsider.id);
    });

    it('answers 404 for another org’s group', async () => {
      const response = await t.call(
        'GET',
        `/api/group/users?groupId=${groupOfB.id}&addAdmins=true`,
        token.orgAdmin,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });

    it.each([
      ['keyword=an', 'keyword: Enter at least 3 characters'],
      ['keyword=%20%20an%20', 'keyword: Enter at least 3 characters'],
      ['', 'keyword: Give a keyword, or a groupId with addAdmins=true'],
      [`groupId=${randomUUID()}`, 'addAdmins: groupId and addAdmins=true go together'],
      ['addAdmins=true&keyword=archer', 'addAdmins: groupId and addAdmins=true go together'],
      ['groupId=alpha&addAdmins=true', 'groupId: groupId must be an id'],
    ])('answers 400 for ?%s', async (query, message) => {
      const response = await t.call('GET', `/api/group/users?${query}`, token.orgAdmin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  it('documents every groups route in the OpenAPI page', async () => {
    const response = await t.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const documented = Object.keys(response.json<{ paths: object }>().paths);
    expect(documented).toEqual(
      expect.arrayContaining(['/api/group/profile', '/api/group/admins', '/api/group/users']),
    );
  });
});
