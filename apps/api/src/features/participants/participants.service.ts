import { GROUP_NOT_FOUND_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { DEFAULT_GROUP_PROTECTED_MESSAGE } from '@resonant/contracts/groups';
import {
  PARTICIPANTS_ADDED_MESSAGE,
  PARTICIPANT_REMOVED_MESSAGE,
  type AddParticipantsBody,
  type Participant,
  type RemoveParticipantQuery,
} from '@resonant/contracts/participants';
import { participantRemovalRefusal } from '@resonant/contracts/participants-policies';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import {
  requireGroup,
  requireReach,
  type GroupScope,
  type TenantScope,
} from '../../kernel/scope.ts';
import { audit } from '../../kernel/audit.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { presentOrgUser } from '../../lib/org-user-row.ts';
import {
  deleteGroupMember,
  findGroupMember,
  insertOrgMembersIntoGroup,
  listGroupMembers,
  lockOrgGroup,
} from './participants.queries.ts';

type Deps = Pick<AppDeps, 'db'>;

/** The members of the caller's current group (SPEC §2 /group/participants), by name. */
export async function listParticipants(
  { db }: Deps,
  scope: TenantScope,
  query: { rmssd: boolean },
): Promise<Participant[]> {
  const group = requireGroup(scope);
  const rows = await listGroupMembers(db, group);
  return rows.map((row) => ({
    ...presentOrgUser(row, group),
    is_group_admin: row.isAdmin,
    last_reading_at: row.lastTakenAt?.toISOString() ?? null,
    avg_rmssd: query.rmssd ? row.avgRmssd : null,
  }));
}

/**
 * Adds members of the organisation to the caller's current group (SPEC §7 PUT /group/participants),
 * as members; 404 when any of them is not a member of the organisation (nothing is added then).
 */
export async function addParticipants(
  { db }: Deps,
  scope: TenantScope,
  body: AddParticipantsBody,
): Promise<MessageResponse> {
  const group = requireGroup(scope);
  const userIds = [...new Set(body.userIds)];
  await db.transaction(async (tx) => {
    const locked = await lockOrgGroup(tx, group, group.groupId);
    if (!locked) throw notFound(GROUP_NOT_FOUND_MESSAGE);
    if (locked.isDefault) throw forbidden(DEFAULT_GROUP_PROTECTED_MESSAGE);
    // Short of one: an account outside the organisation; the 404 rolls the insert back.
    if ((await insertOrgMembersIntoGroup(tx, group, userIds)) !== userIds.length) {
      throw notFound(USER_NOT_FOUND_MESSAGE);
    }
    await audit(tx, scope, 'group.participants.add', group.groupId, { userIds });
  });
  return { message: PARTICIPANTS_ADDED_MESSAGE };
}

/**
 * Takes a member out of a group (SPEC §7 DELETE /group/participants); they stay in the organisation
 * and its Default group. An org admin acting as org reaches every group of the organisation, anyone
 * else only the current group: another group is 404, as is a user who is not in it.
 */
export async function removeParticipant(
  { db }: Deps,
  scope: TenantScope,
  query: RemoveParticipantQuery,
): Promise<MessageResponse> {
  const reach = requireReach(scope);
  if (reach.groupId && reach.groupId !== query.groupId) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  const group: GroupScope = { ...reach, groupId: query.groupId };
  await db.transaction(async (tx) => {
    const locked = await lockOrgGroup(tx, group, group.groupId);
    if (!locked) throw notFound(GROUP_NOT_FOUND_MESSAGE);
    const member = await findGroupMember(tx, group, query.userId);
    if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
    const refusal = participantRemovalRefusal({
      callerId: group.accountId,
      userId: query.userId,
      isGroupAdmin: member.isAdmin,
      isDefaultGroup: locked.isDefault,
    });
    if (refusal) throw forbidden(refusal);
    await deleteGroupMember(tx, group, query.userId);
    await audit(tx, scope, 'group.participants.remove', group.groupId, { userId: query.userId });
  });
  return { message: PARTICIPANT_REMOVED_MESSAGE };
}
