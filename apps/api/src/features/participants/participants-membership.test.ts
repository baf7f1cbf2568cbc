import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_NOT_FOUND_MESSAGE,
  NO_CURRENT_GROUP_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
} from '@resonant/contracts/errors';
import { DEFAULT_GROUP_PROTECTED_MESSAGE } from '@resonant/contracts/groups';
import {
  CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE,
  GROUP_ADMIN_NOT_REMOVABLE_MESSAGE,
  PARTICIPANTS_ADDED_MESSAGE,
  PARTICIPANT_REMOVED_MESSAGE,
  type ParticipantsResponse,
} from '@resonant/contracts/participants';
import { participantRemovalRefusal } from '@resonant/contracts/participants-policies';
import { auditLog } from '../../db/schema/audit.ts';
import { groupMemberships, orgMemberships } from '../../db/schema/organisations.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { switchContext } from '../../../test/switch-context.ts';

describe('participantRemovalRefusal', () => {
  const removal = { callerId: 'me', userId: 'ada', isGroupAdmin: false, isDefaultGroup: false };
  it.each([
    ['a member of another group', removal, null],
    ['anyone from Default', { ...removal, isDefaultGroup: true }, DEFAULT_GROUP_PROTECTED_MESSAGE],
    ['yourself', { ...removal, userId: 'me' }, CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE],
    ['a group admin', { ...removal, isGroupAdmin: true }, GROUP_ADMIN_NOT_REMOVABLE_MESSAGE],
  ])('answers removing %s', (_name, input, refusal) => {
    expect(participantRemovalRefusal(input)).toBe(refusal);
  });
});

describe('adding users to and removing them from a group', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof buildMainOrg>>;
  let other: Awaited<ReturnType<typeof buildOtherOrg>>;

  const buildMainOrg = (app: TestApp) =>
    buildOrg(app, {
      groups: ['Alpha', 'Bravo'],
      people: {
        owner: { orgAdmin: true },
        lead: { adminOf: ['Alpha'] },
        coLead: { adminOf: ['Alpha'] },
        bravoLead: { adminOf: ['Bravo'] },
        ada: { groups: ['Default', 'Alpha'] },
        ben: { groups: ['Default', 'Alpha'] },
        cleo: { groups: ['Default', 'Bravo'] },
        dan: { groups: ['Default'] },
      },
      signIn: ['owner', 'lead', 'ada'],
    });
  const buildOtherOrg = (app: TestApp) =>
    buildOrg(app, {
      groups: ['Elsewhere'],
      people: { stranger: { groups: ['Default', 'Elsewhere'] } },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    org = await buildMainOrg(t);
    other = await buildOtherOrg(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'PUT' | 'DELETE',
    bearer: string | undefined,
    request: { query?: Record<string, string>; body?: unknown },
  ) =>
    t.app.inject({
      method,
      url: '/api/group/participants',
      query: request.query,
      payload: request.body as object | undefined,
      headers: bearer ? t.bearer(bearer) : {},
    });
  const remove = (bearer: string | undefined, userId: string, groupId: string) =>
    call('DELETE', bearer, { query: { userId, groupId } });
  const add = (bearer: string | undefined, userIds: string[]) =>
    call('PUT', bearer, { body: { userIds } });
  const switchTo = (bearer: string, groupId: string | null) =>
    switchContext(t, bearer, org.id, groupId);
  const groupIdsOf = async (accountId: string) =>
    (
      await t.db
        .select({ groupId: groupMemberships.groupId })
        .from(groupMemberships)
        .where(eq(groupMemberships.accountId, accountId))
    )
      .map((row) => row.groupId)
      .sort();
  const participantIds = async (bearer: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/group/participants',
      headers: t.bearer(bearer),
    });
    return response
      .json<ParticipantsResponse>()
      .list.map((row) => row.user_id)
      .sort();
  };

  describe('DELETE /api/group/participants', () => {
    it('answers 401 when signed out', async () => {
      const response = await remove(undefined, org.ids.ben, org.groups.Alpha.id);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a plain member', async () => {
      const response = await remove(org.tokens.ada, org.ids.ben, org.groups.Alpha.id);
      expect(response.statusCode).toBe(403);
      expect(await groupIdsOf(org.ids.ben)).toContain(org.groups.Alpha.id);
    });

    it.each([
      ['another organisation’s group', () => other.groups.Elsewhere.id, () => other.ids.stranger],
      ['another group of the organisation', () => org.groups.Bravo.id, () => org.ids.cleo],
    ])('answers 404 to a group admin for %s', async (_name, groupId, userId) => {
      const response = await remove(org.tokens.lead, userId(), groupId());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      expect(await groupIdsOf(userId())).toContain(groupId());
    });

    it('answers 404 to an org admin for another organisation’s group', async () => {
      const response = await remove(
        org.tokens.owner,
        other.ids.stranger,
        other.groups.Elsewhere.id,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
    });

    it.each([
      ['a member of another group', () => org.ids.cleo],
      ['another organisation’s member', () => other.ids.stranger],
      ['an id that is no one', () => randomUUID()],
    ])('answers 404 for %s', async (_name, userId) => {
      const response = await remove(org.tokens.lead, userId(), org.groups.Alpha.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
    });

    it.each([
      ['themselves', () => org.ids.lead, CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE],
      ['a fellow group admin', () => org.ids.coLead, GROUP_ADMIN_NOT_REMOVABLE_MESSAGE],
    ])('refuses a group admin removing %s with 403', async (_name, userId, message) => {
      const response = await remove(org.tokens.lead, userId(), org.groups.Alpha.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message });
      expect(await groupIdsOf(userId())).toContain(org.groups.Alpha.id);
    });

    it('refuses removing anyone from the Default group with 403', async () => {
      const response = await remove(org.tokens.owner, org.ids.dan, org.defaultGroupId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: DEFAULT_GROUP_PROTECTED_MESSAGE });
      expect(await groupIdsOf(org.ids.dan)).toEqual([org.defaultGroupId]);
    });

    it('answers 400 naming a malformed id', async () => {
      const response = await remove(org.tokens.lead, 'ben', org.groups.Alpha.id);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('userId');
    });

    it('lets a group admin take a member out of their group; they stay in the organisation and Default', async () => {
      const response = await remove(org.tokens.lead, org.ids.ben, org.groups.Alpha.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PARTICIPANT_REMOVED_MESSAGE });
      expect(await groupIdsOf(org.ids.ben)).toEqual([org.defaultGroupId]);
      const [membership] = await t.db
        .select({ id: orgMemberships.id })
        .from(orgMemberships)
        .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, org.ids.ben)));
      expect(membership).toBeDefined();
      expect(await participantIds(org.tokens.lead)).not.toContain(org.ids.ben);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'group.participants.remove')));
      expect(audit).toMatchObject({
        actorAccountId: org.ids.lead,
        targetId: org.groups.Alpha.id,
        details: { userId: org.ids.ben },
        ip: '127.0.0.1',
      });
    });

    it('lets an org admin acting as org remove from any group of the organisation', async () => {
      const response = await remove(org.tokens.owner, org.ids.cleo, org.groups.Bravo.id);
      expect(response.statusCode).toBe(200);
      expect(await groupIdsOf(org.ids.cleo)).toEqual([org.defaultGroupId]);
    });

    it('confines an org admin switched into a group to that group', async () => {
      await switchTo(org.tokens.owner, org.groups.Bravo.id);
      try {
        const response = await remove(org.tokens.owner, org.ids.ada, org.groups.Alpha.id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });
      } finally {
        await switchTo(org.tokens.owner, null);
      }
    });
  });

  describe('PUT /api/group/participants', () => {
    it('answers 401 when signed out', async () => {
      const response = await add(undefined, [org.ids.dan]);
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 to a plain member', async () => {
      const response = await add(org.tokens.ada, [org.ids.dan]);
      expect(response.statusCode).toBe(403);
      expect(await groupIdsOf(org.ids.dan)).toEqual([org.defaultGroupId]);
    });

    it('answers 403 with the one message to an org admin acting as org (no current group)', async () => {
      const response = await add(org.tokens.owner, [org.ids.dan]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });
    });

    it('answers 404 for another organisation’s member and adds nobody', async () => {
      const response = await add(org.tokens.lead, [org.ids.dan, other.ids.stranger]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
      expect(await groupIdsOf(org.ids.dan)).toEqual([org.defaultGroupId]);
      expect(await groupIdsOf(other.ids.stranger)).not.toContain(org.groups.Alpha.id);
    });

    it('answers 400 for an empty list', async () => {
      const response = await add(org.tokens.lead, []);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'userIds: Please select at least one option' });
    });

    it('refuses adding to the Default group with 403', async () => {
      await switchTo(org.tokens.owner, org.defaultGroupId);
      try {
        const response = await add(org.tokens.owner, [org.ids.dan]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: DEFAULT_GROUP_PROTECTED_MESSAGE });
      } finally {
        await switchTo(org.tokens.owner, null);
      }
    });

    it('adds members of the organisation to the current group as members; again changes nothing', async () => {
      const response = await add(org.tokens.lead, [org.ids.dan, org.ids.ada]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PARTICIPANTS_ADDED_MESSAGE });
      expect(await groupIdsOf(org.ids.dan)).toEqual(
        [org.defaultGroupId, org.groups.Alpha.id].sort(),
      );
      const again = await add(org.tokens.lead, [org.ids.dan]);
      expect(again.statusCode).toBe(200);
      const [dan] = await t.db
        .select({ isAdmin: groupMemberships.isAdmin })
        .from(groupMemberships)
        .where(
          and(
            eq(groupMemberships.groupId, org.groups.Alpha.id),
            eq(groupMemberships.accountId, org.ids.dan),
          ),
        );
      expect(dan).toEqual({ isAdmin: false });
      expect(await participantIds(org.tokens.lead)).toContain(org.ids.dan);
    });
  });
});
