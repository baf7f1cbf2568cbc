import { z } from 'zod';
import { Id } from './fields.ts';
import { OrgUser } from './org-users.ts';

/** Query strings carry text: 'true' / 'false' (absent = the default). */
const booleanParam = (defaultValue: boolean) =>
  z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? defaultValue : value === 'true'));

/**
 * GET /api/group/participants (SPEC §7): `rmssd=true` adds each member's mean RMSSD; false or
 * absent leaves it null (as GET /api/group/profile does).
 */
export const ParticipantsQuery = z.object({ rmssd: booleanParam(false) });
export type ParticipantsQuery = z.input<typeof ParticipantsQuery>;

/**
 * SPEC §3 "Participant": a member row as the users list shows it (SPEC §3 "Org user row"), with the
 * group-admin flag and the reading figures of the group area's one table.
 */
export const Participant = OrgUser.extend({
  is_group_admin: z.boolean(),
  /** The member's newest reading in this organisation (any quality). */
  last_reading_at: z.string().nullable(),
  /** All-time mean RMSSD (ms) of good-quality readings; null unless asked with rmssd=true. */
  avg_rmssd: z.number().nullable(),
});
export type Participant = z.infer<typeof Participant>;

export const ParticipantsResponse = z.object({ list: z.array(Participant) });
export type ParticipantsResponse = z.infer<typeof ParticipantsResponse>;

/** Most users one PUT /api/group/participants may add. */
export const PARTICIPANTS_ADD_MAX = 100;

export const PARTICIPANTS_ADDED_MESSAGE = 'Users added to the group';
export const PARTICIPANT_REMOVED_MESSAGE = 'User removed from the group';
export const CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE = 'You cannot remove yourself from the group';
export const GROUP_ADMIN_NOT_REMOVABLE_MESSAGE =
  'A group admin cannot be removed from the group: take their admin role away first';

/**
 * PUT /api/group/participants (SPEC §7): members of your organisation to add to your current group
 * (as members, not admins). Members already in it stay as they are.
 */
export const AddParticipantsBody = z.object({
  userIds: z
    .array(Id('userIds'), { error: 'Please select at least one option' })
    .min(1, 'Please select at least one option')
    .max(PARTICIPANTS_ADD_MAX, `At most ${PARTICIPANTS_ADD_MAX} users at once`),
});
export type AddParticipantsBody = z.input<typeof AddParticipantsBody>;

/**
 * DELETE /api/group/participants (SPEC §7): takes a user out of a group; they stay in the
 * organisation and its Default group.
 */
export const RemoveParticipantQuery = z.object({
  userId: Id('userId'),
  groupId: Id('groupId'),
});
export type RemoveParticipantQuery = z.input<typeof RemoveParticipantQuery>;
