import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@resonant/contracts/profile';
import type { OrgsAndGroupsResponse, SwitchResponse } from '@resonant/contracts/switch';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { createOrg } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';

type Org = Awaited<ReturnType<typeof createOrg>>;
type Group = { id: string; name: string };

describe('switching org and group', () => {
  let t: TestApp;
  let orgA: Org;
  let orgB: Org;
  let alpha: Group;
  let bravo: Group;
  let groupOfB: Group;
  const token = { orgAdmin: '', groupAdmin: '', member: '', twoOrgs: '', otherOrgAdmin: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    const switchOrg = await buildOrg(t, {
      name: 'Switch Org A',
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: { orgAdmin: true },
        groupAdmin: { groups: ['Default'], adminOf: ['Alpha'] },
        member: { groups: ['Bravo'] },
        twoOrgs: { groups: ['Alpha'] },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'member'],
    });
    const otherOrg = await buildOrg(t, {
      name: 'Switch Org B',
      groups: ['B Team'],
      people: {
        // Member of A, org admin of B.
        twoOrgs: { account: switchOrg.people.twoOrgs, orgAdmin: true },
        otherOrgAdmin: { orgAdmin: true, adminOf: ['B Team'] },
      },
      signIn: ['twoOrgs', 'otherOrgAdmin'],
    });
    orgA = switchOrg;
    orgB = otherOrg;
    alpha = switchOrg.groups.Alpha;
    bravo = switchOrg.groups.Bravo;
    groupOfB = otherOrg.groups['B Team'];
    Object.assign(token, switchOrg.tokens, otherOrg.tokens);
  });
  afterAll(() => t.close());

  const list = (bearer?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/switch/orgs_and_groups',
      headers: bearer ? t.bearer(bearer) : {},
    });
  const switchTo = (bearer: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/switch',
      headers: bearer ? t.bearer(bearer) : {},
      payload: payload as Record<string, unknown>,
    });
  const profile = async (bearer: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: t.bearer(bearer) })
    ).json<UserProfile>();

  describe('GET /api/switch/orgs_and_groups', () => {
    it('answers 401 when signed out', async () => {
      const response = await list();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('shows an org admin every group of its org as group admin, and nothing else', async () => {
      const response = await list(token.orgAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json<OrgsAndGroupsResponse>()).toEqual({
        orgs: [
          {
            org_id: orgA.id,
            org_name: 'Switch Org A',
            can_switch_to_org: true,
            groups: [
              { group_id: alpha.id, group_name: 'Alpha', user_type: 'group' },
              { group_id: bravo.id, group_name: 'Bravo', user_type: 'group' },
              { group_id: orgA.defaultGroupId, group_name: 'Default', user_type: 'group' },
            ],
          },
        ],
      });
    });

    it('shows a group admin its groups, as group where it administers and user elsewhere', async () => {
      expect((await list(token.groupAdmin)).json<OrgsAndGroupsResponse>()).toEqual({
        orgs: [
          {
            org_id: orgA.id,
            org_name: 'Switch Org A',
            can_switch_to_org: false,
            groups: [
              { group_id: alpha.id, group_name: 'Alpha', user_type: 'group' },
              { group_id: orgA.defaultGroupId, group_name: 'Default', user_type: 'user' },
            ],
          },
        ],
      });
    });

    it('shows a member only its own groups, as user', async () => {
      expect((await list(token.member)).json<OrgsAndGroupsResponse>()).toEqual({
        orgs: [
          {
            org_id: orgA.id,
            org_name: 'Switch Org A',
            can_switch_to_org: false,
            groups: [{ group_id: bravo.id, group_name: 'Bravo', user_type: 'user' }],
          },
        ],
      });
    });

    it('lists each org of an account with its own role there', async () => {
      const { orgs } = (await list(token.twoOrgs)).json<OrgsAndGroupsResponse>();
      expect(orgs).toHaveLength(2);
      expect(orgs.find((org) => org.org_id === orgA.id)).toEqual({
        org_id: orgA.id,
        org_name: 'Switch Org A',
        can_switch_to_org: false,
        groups: [{ group_id: alpha.id, group_name: 'Alpha', user_type: 'user' }],
      });
      expect(orgs.find((org) => org.org_id === orgB.id)).toEqual({
        org_id: orgB.id,
        org_name: 'Switch Org B',
        can_switch_to_org: true,
        groups: [
          { group_id: groupOfB.id, group_name: 'B Team', user_type: 'group' },
          { group_id: orgB.defaultGroupId, group_name: 'Default', user_type: 'group' },
        ],
      });
    });
  });

  describe('POST /api/switch', () => {
    it('answers 401 when signed out', async () => {
      const response = await switchTo(undefined, {
        currentOrgId: orgA.id,
        currentGroupId: null,
        currentUserType: 'org',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('moves an org admin into a group as group admin, then back to the org', async () => {
      expect(await profile(token.orgAdmin)).toMatchObject({ user_type: 'org' });

      const into = await switchTo(token.orgAdmin, {
        currentOrgId: orgA.id,
        currentGroupId: bravo.id,
        currentUserType: 'group',
      });
      expect(into.statusCode).toBe(200);
      const body = into.json<SwitchResponse>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.user).toMatchObject({
        user_type: 'group',
        current_org_id: orgA.id,
        current_group_id: bravo.id,
        group_name: 'Bravo',
      });
      // Stored: every later request runs in the new context.
      expect(await profile(token.orgAdmin)).toMatchObject({
        user_type: 'group',
        current_org_id: orgA.id,
        current_group_id: bravo.id,
      });

      const back = await switchTo(token.orgAdmin, {
        currentOrgId: orgA.id,
        currentGroupId: null,
        currentUserType: 'org',
      });
      expect(back.statusCode).toBe(200);
      expect(back.json<SwitchResponse>().user).toMatchObject({
        user_type: 'org',
        current_org_id: orgA.id,
        current_group_id: null,
      });
      expect(await profile(token.orgAdmin)).toMatchObject({
        user_type: 'org',
        current_group_id: null,
      });
    });

    it('keeps no group in an org context, even when the switch named one', async () => {
      const response = await switchTo(token.orgAdmin, {
        currentOrgId: orgA.id,
        currentGroupId: bravo.id,
        currentUserType: 'org',
      });
      expect(response.statusCode).toBe(200);
      const orgAlone = { user_type: 'org', current_group_id: null, group_name: null };
      expect(response.json<SwitchResponse>().user).toMatchObject(orgAlone);
      // Stored so: the next request (and the next sign-in) lands in the org, not in Bravo.
      expect(await profile(token.orgAdmin)).toMatchObject(orgAlone);
    });

    it('moves an account between its orgs', async () => {
      const response = await switchTo(token.twoOrgs, {
        currentOrgId: orgA.id,
        currentGroupId: alpha.id,
        currentUserType: 'user',
      });
      expect(response.statusCode).toBe(200);
      expect(await profile(token.twoOrgs)).toMatchObject({
        user_type: 'user',
        current_org_id: orgA.id,
        current_group_id: alpha.id,
      });
      // Its org-admin rights in B do not carry over to A.
      const asOrgInA = await switchTo(token.twoOrgs, {
        currentOrgId: orgA.id,
        currentUserType: 'org',
      });
      expect(asOrgInA.statusCode).toBe(403);
      const toB = await switchTo(token.twoOrgs, { currentOrgId: orgB.id, currentUserType: 'org' });
      expect(toB.statusCode).toBe(200);
      expect(await profile(token.twoOrgs)).toMatchObject({
        user_type: 'org',
        current_org_id: orgB.id,
        org_name: 'Switch Org B',
      });
    });

    const refusals: [string, keyof typeof token, () => Record<string, unknown>, number][] = [
      [
        'a group admin into a group it only belongs to',
        'groupAdmin',
        () => ({
          currentOrgId: orgA.id,
          currentGroupId: orgA.defaultGroupId,
          currentUserType: 'group',
        }),
        403,
      ],
      [
        'a group admin as org',
        'groupAdmin',
        () => ({ currentOrgId: orgA.id, currentGroupId: null, currentUserType: 'org' }),
        403,
      ],
      [
        // Outside its memberships: the group is not in its scope at all.
        'a group admin into a group of its org it is not in',
        'groupAdmin',
        () => ({ currentOrgId: orgA.id, currentGroupId: bravo.id, currentUserType: 'group' }),
        404,
      ],
      [
        'a member asking for org',
        'member',
        () => ({ currentOrgId: orgA.id, currentGroupId: null, currentUserType: 'org' }),
        403,
      ],
      [
        'a member asking for group admin of its group',
        'member',
        () => ({ currentOrgId: orgA.id, currentGroupId: bravo.id, currentUserType: 'group' }),
        403,
      ],
      [
        'an org admin into another org',
        'orgAdmin',
        () => ({ currentOrgId: orgB.id, currentGroupId: null, currentUserType: 'org' }),
        404,
      ],
      [
        'an org admin into a group of another org under its own org',
        'orgAdmin',
        () => ({ currentOrgId: orgA.id, currentGroupId: groupOfB.id, currentUserType: 'group' }),
        404,
      ],
      [
        'an org admin into a group of another org',
        'orgAdmin',
        () => ({ currentOrgId: orgB.id, currentGroupId: groupOfB.id, currentUserType: 'group' }),
        404,
      ],
      [
        'a member into an org that does not exist',
        'member',
        () => ({ currentOrgId: randomUUID(), currentGroupId: null, currentUserType: 'user' }),
        404,
      ],
    ];

    it.each(refusals)(
      'refuses %s (%s) with %i and keeps the context',
      async (_name, who, body, status) => {
        const before = await profile(token[who]);
        const response = await switchTo(token[who], body());
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ message: expect.any(String) });
        expect(await profile(token[who])).toEqual(before);
      },
    );

    const malformed: [string, Record<string, unknown>, string][] = [
      ['a non-id org', { currentOrgId: 'org-1', currentUserType: 'org' }, 'currentOrgId'],
      ['a missing org', { currentOrgId: undefined, currentUserType: 'org' }, 'currentOrgId'],
      ['a non-id group', { currentGroupId: 42, currentUserType: 'group' }, 'currentGroupId'],
      ['a missing type', { currentGroupId: null }, 'currentUserType'],
      ['the super type', { currentUserType: 'super' }, 'currentUserType'],
      ['an unknown type', { currentUserType: 'owner' }, 'currentUserType'],
    ];
    it.each(malformed)('answers 400 naming the field for %s', async (_name, body, field) => {
      const response = await switchTo(token.orgAdmin, { currentOrgId: orgA.id, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    });
  });
});
