import { z } from 'zod';
import { Id, inStorableYears, STORABLE_YEARS_MESSAGE } from './fields.ts';
import { Quality } from './metrics.ts';
import { OrgUser } from './org-users.ts';
import { ReadingKind } from './readings.ts';
import { Tag } from './tags.ts';

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

/** A date-time with its offset, or a calendar day read in the organisation's time zone. */
const RangeBound = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Must be an ISO 8601 date-time with a time zone or a date (YYYY-MM-DD)',
  })
  .refine(inStorableYears, STORABLE_YEARS_MESSAGE);

/** Most readings one call answers; `noOfRows` tells when a range holds more. */
export const MEMBER_READINGS_MAX_LIMIT = 1000;

/**
 * GET /api/user/rmssd (SPEC §7): one member's readings, newest first. `from` / `to` bound the time
 * (a plain date covers that whole day, `to` inclusive); `limit` and `offset` page through them.
 */
export const MemberReadingsQuery = z.object({
  user_id: z.uuid('user_id must be an id'),
  from: RangeBound.optional(),
  to: RangeBound.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MEMBER_READINGS_MAX_LIMIT, `limit must be at most ${MEMBER_READINGS_MAX_LIMIT}`)
    .default(MEMBER_READINGS_MAX_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .default(0),
});
export type MemberReadingsQuery = z.input<typeof MemberReadingsQuery>;
/** The query after validation: defaults filled in. */
export type MemberReadingsParams = z.output<typeof MemberReadingsQuery>;

/** SPEC §3 "Reading" as the group area and reports read it; metrics are null when not computable. */
export const MemberReading = z.object({
  id: z.string(),
  dateTime: z.string(),
  userId: z.string(),
  kind: ReadingKind,
  /** `low`: too little clean signal; shown, but left out of every average. */
  quality: Quality,
  rmssd: z.number().nullable(),
  created_at: z.string(),
  tags: z.array(Tag),
  time_domain: z.object({
    minMax: z.number().nullable(),
    sdnn: z.number().nullable(),
    sdsd: z.number().nullable(),
    mean_hr: z.number().nullable(),
    max_hr: z.number().nullable(),
    min_hr: z.number().nullable(),
    mean_nni: z.number().nullable(),
    median_nni: z.number().nullable(),
    range_nni: z.number().nullable(),
  }),
  frequency_domain: z.object({
    lf: z.number().nullable(),
    hf: z.number().nullable(),
    vlf: z.number().nullable(),
    total_power: z.number().nullable(),
  }),
});
export type MemberReading = z.infer<typeof MemberReading>;

/** `noOfRows`: how many readings the range holds in all, whatever `limit` and `offset` cut. */
export const MemberReadingsResponse = z.object({
  list: z.array(MemberReading),
  noOfRows: z.number().int(),
});
export type MemberReadingsResponse = z.infer<typeof MemberReadingsResponse>;
