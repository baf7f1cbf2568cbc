import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_NOT_FOUND_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
} from '@resonant/contracts/errors';
import type { OrgMembersResponse, OrgUsersResponse } from '@resonant/contracts/org-users';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { ORG_ID_REQUIRED_MESSAGE } from '../../kernel/scope.ts';

const FORBIDDEN = 'You do not have permission to do this';

/**
 * The members lists the app admin reads too (SPEC §7 GET /org/users?type=allAdmins&orgId, GET
 * /v2/org/users): the app admin names the organization; everyone else gets their own, as before.
 */
describe('org members for the app admin and the pickers', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<typeof buildAcme>>;
  let other: Awaited<ReturnType<typeof buildOther>>;
  let appAdmin = '';

  const buildAcme = () =>
    buildOrg(t, {
      name: `Acme ${randomUUID().slice(0, 8)}`,
      groups: ['Alpha', 'Bravo'],
      people: {
        owner: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true, groups: ['Default'] },
        lead: { firstName: 'Gus', lastName: 'Lead', groups: ['Default'], adminOf: ['Alpha'] },
        ada: { firstName: 'Ada', lastName: 'Zane', groups: ['Default', 'Alpha'] },
        ben: { firstName: 'ben', lastName: 'Young', groups: ['Default', 'Bravo'] },
      },
      signIn: ['owner', 'lead', 'ada'],
    });
  const buildOther = () =>
    buildOrg(t, {
      name: `Other ${randomUUID().slice(0, 8)}`,
      groups: ['Far'],
      people: {
        boss: { firstName: 'Bo', lastName: 'Boss', orgAdmin: true, groups: ['Default'] },
        // An admin from Acme's world, added by the app admin (SPEC §6: flagged external).
        guest: { firstName: 'Gina', lastName: 'Guest', orgAdmin: true, isExternal: true },
        far: { firstName: 'Fay', lastName: 'Far', groups: ['Default', 'Far'] },
      },
      signIn: ['boss'],
    });

  beforeAll(async () => {
    t = await buildTestApp();
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    acme = await buildAcme();
    other = await buildOther();
  });
  afterAll(() => t.close());

  const get = (url: string, bearer?: string) => t.call('GET', url, bearer);

  describe('GET /api/org/users?type=allAdmins&orgId', () => {
    it('answers 401 signed out and 403 to a member, as before', async () => {
      const url = `/api/org/users?type=allAdmins&orgId=${acme.id}`;
      expect((await get(url)).statusCode).toBe(401);
      const member = await get(url, acme.tokens.ada);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ message: FORBIDDEN });
    });

    it('lists the admins of the organization the app admin names, flagging external ones', async () => {
      const response = await get(`/api/org/users?type=allAdmins&orgId=${other.id}`, appAdmin);
      expect(response.statusCode).toBe(200);
      const { list, noOfRows } = response.json<OrgUsersResponse>();
      expect(noOfRows).toBe(2);
      expect(
        list.map((user) => [user.first_name, user.user_highest_role, user.is_external]),
      ).toEqual([
        ['Bo', 'org', false],
        ['Gina', 'org', true],
      ]);
    });

    it('answers the app admin 400 without orgId, 404 for an unknown one or another org’s group', async () => {
      const missing = await get('/api/org/users?type=allAdmins', appAdmin);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: ORG_ID_REQUIRED_MESSAGE });
      const unknown = await get(`/api/org/users?type=allAdmins&orgId=${randomUUID()}`, appAdmin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const foreignGroup = await get(
        `/api/org/users?type=allAdmins&orgId=${other.id}&groupId=${acme.groups.Alpha.id}`,
        appAdmin,
      );
      expect(foreignGroup.statusCode).toBe(404);
      expect(foreignGroup.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });

    it('answers the app admin 403 for the other lists (they are the org admins’)', async () => {
      for (const type of ['all', 'internal']) {
        const response = await get(`/api/org/users?type=${type}&orgId=${acme.id}`, appAdmin);
        expect(response.statusCode, type).toBe(403);
      }
      expect((await get(`/api/org/users?orgId=${acme.id}`, appAdmin)).statusCode).toBe(403);
    });

    it('keeps org and group admins to their own organization (404 for another)', async () => {
      const own = await get(`/api/org/users?type=allAdmins&orgId=${acme.id}`, acme.tokens.owner);
      expect(own.statusCode).toBe(200);
      expect(own.json<OrgUsersResponse>().list.map((user) => user.first_name)).toEqual(['Olga']);
      for (const bearer of [acme.tokens.owner, acme.tokens.lead]) {
        const response = await get(`/api/org/users?type=allAdmins&orgId=${other.id}`, bearer);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      }
    });
  });

  describe('GET /api/v2/org/users', () => {
    const names = (response: { json: () => unknown }) =>
      (response.json() as OrgMembersResponse).list.map((member) => member.first_name);

    it('answers 401 signed out and 403 to a member', async () => {
      expect((await get('/api/v2/org/users')).statusCode).toBe(401);
      const member = await get('/api/v2/org/users', acme.tokens.ada);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ message: FORBIDDEN });
    });

    it('gives the app admin every member of the organization it names, by name, unpaged', async () => {
      const response = await get(`/api/v2/org/users?orgId=${other.id}`, appAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json<OrgMembersResponse>().list).toEqual([
        {
          user_id: other.ids.boss,
          first_name: 'Bo',
          last_name: 'Boss',
          email: other.people.boss.email,
          org_id: other.id,
          is_admin: true,
          is_external: false,
        },
        {
          user_id: other.ids.far,
          first_name: 'Fay',
          last_name: 'Far',
          email: other.people.far.email,
          org_id: other.id,
          is_admin: false,
          is_external: false,
        },
        {
          user_id: other.ids.guest,
          first_name: 'Gina',
          last_name: 'Guest',
          email: other.people.guest.email,
          org_id: other.id,
          is_admin: true,
          is_external: true,
        },
      ]);
      const inGroup = await get(
        `/api/v2/org/users?orgId=${other.id}&groupId=${other.groups.Far.id}`,
        appAdmin,
      );
      expect(names(inGroup)).toEqual(['Fay']);
    });

    it('answers the app admin 400 without orgId and 404 for unknown or foreign ids', async () => {
      const missing = await get('/api/v2/org/users', appAdmin);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: ORG_ID_REQUIRED_MESSAGE });
      const unknown = await get(`/api/v2/org/users?orgId=${randomUUID()}`, appAdmin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const foreignGroup = await get(
        `/api/v2/org/users?orgId=${other.id}&groupId=${acme.groups.Alpha.id}`,
        appAdmin,
      );
      expect(foreignGroup.statusCode).toBe(404);
      expect(foreignGroup.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });

    it('gives an org admin its organization, or one group of it', async () => {
      const all = await get('/api/v2/org/users', acme.tokens.owner);
      expect(all.statusCode).toBe(200);
      expect(names(all)).toEqual(['Ada', 'ben', 'Gus', 'Olga']);
      expect(names(await get(`/api/v2/org/users?orgId=${acme.id}`, acme.tokens.owner))).toEqual([
        'Ada',
        'ben',
        'Gus',
        'Olga',
      ]);
      const bravo = await get(
        `/api/v2/org/users?groupId=${acme.groups.Bravo.id}`,
        acme.tokens.owner,
      );
      expect(names(bravo)).toEqual(['ben']);
    });

    it('answers an org admin 404 for another organization or its group', async () => {
      const foreignOrg = await get(`/api/v2/org/users?orgId=${other.id}`, acme.tokens.owner);
      expect(foreignOrg.statusCode).toBe(404);
      expect(foreignOrg.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      const foreignGroup = await get(
        `/api/v2/org/users?groupId=${other.groups.Far.id}`,
        acme.tokens.owner,
      );
      expect(foreignGroup.statusCode).toBe(404);
      expect(foreignGroup.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });

    it('gives a group admin only its current group (404 for another group)', async () => {
      const own = await get('/api/v2/org/users', acme.tokens.lead);
      expect(own.statusCode).toBe(200);
      expect(names(own)).toEqual(['Ada', 'Gus']);
      const alpha = await get(
        `/api/v2/org/users?groupId=${acme.groups.Alpha.id}`,
        acme.tokens.lead,
      );
      expect(names(alpha)).toEqual(['Ada', 'Gus']);
      const bravo = await get(
        `/api/v2/org/users?groupId=${acme.groups.Bravo.id}`,
        acme.tokens.lead,
      );
      expect(bravo.statusCode).toBe(404);
      expect(bravo.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });
  });
});
