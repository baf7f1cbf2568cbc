import { z } from 'zod';
import { Id, INVALID_CHARACTERS_MESSAGE, NAME_PATTERN, patternAfterLength } from './fields.ts';

/** SPEC §9: group names are at most 50 characters. */
export const GROUP_NAME_MAX = 50;
/**
 * The group every organisation has and every member is in: listed and offered like any group,
 * but never renamed, deleted or given admins, and nobody is added to or removed from it in the
 * group area (SPEC §2; decision 0022).
 */
export const DEFAULT_GROUP_NAME = 'Default';
/** SPEC §5 "Autocomplete": admin user search needs at least 3 characters. */
export const USER_SEARCH_MIN = 3;
/** Most users one search (or the default Add Admin list) answers with. */
export const USER_SEARCH_LIMIT = 20;
/** Most admins one Add Group request may name. */
export const GROUP_ADMINS_MAX = 50;

export const GROUP_NAME_TAKEN_MESSAGE = 'A group with this name already exists';
export const GROUP_NAME_RESERVED_MESSAGE = 'Default is a reserved group name';
export const DEFAULT_GROUP_PROTECTED_MESSAGE = 'The Default group cannot be changed or deleted';
export const ADMIN_NOT_FOUND_MESSAGE = 'This user is not an admin of this group';
export const ORG_ADMIN_AS_GROUP_ADMIN_MESSAGE =
  'Organization admins already manage every group and cannot be made group admins';
export const LAST_GROUP_ADMIN_MESSAGE = 'A group must keep at least one admin';

/** SPEC §5 "Group name": required, at most 50, the name rule, and never the reserved 'Default'. */
export const GroupName = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`)
  .check(patternAfterLength(NAME_PATTERN, INVALID_CHARACTERS_MESSAGE))
  .refine(
    (name) => name.toLowerCase() !== DEFAULT_GROUP_NAME.toLowerCase(),
    GROUP_NAME_RESERVED_MESSAGE,
  );

/** Whether two group names clash: uniqueness within an org ignores case (SPEC §5). */
export function sameGroupName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const QueryFlag = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((value) => value === 'true');

/** GET /api/group/profile?rmssd=false. */
export const GroupListQuery = z.object({
  rmssd: QueryFlag.optional().describe(
    'true adds avg_rmssd: the mean of the members’ all-time mean RMSSD (members without ' +
      'readings left out); false or absent leaves it null.',
  ),
});
export type GroupListQuery = z.input<typeof GroupListQuery>;

/** SPEC §3 "Group"; `members` is the Users count. */
export const GroupSummary = z.object({
  id: z.string(),
  name: z.string(),
  org_id: z.string(),
  /** The organisation's Default group: shown, but its rename, delete and admins are disabled. */
  is_default: z.boolean(),
  members: z.number().int(),
  avg_rmssd: z.number().nullable(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

/** The org's groups, Default first, then by name. */
export const GroupListResponse = z.object({ list: z.array(GroupSummary) });
export type GroupListResponse = z.infer<typeof GroupListResponse>;

/** POST /api/group/profile: a new group and its first admins (org members, not org admins). */
export const CreateGroupBody = z.object({
  name: GroupName,
  adminUserIds: z
    .array(Id('adminUserIds'), { error: 'Please select at least one option' })
    .min(1, 'Please select at least one option')
    .max(GROUP_ADMINS_MAX, `At most ${GROUP_ADMINS_MAX} admins at once`),
});
export type CreateGroupBody = z.input<typeof CreateGroupBody>;

/** PUT /api/group/profile: renames a group. */
export const RenameGroupBody = z.object({ groupId: Id('groupId'), name: GroupName });
export type RenameGroupBody = z.input<typeof RenameGroupBody>;

/** DELETE /api/group/profile?groupId and GET /api/group/admins?groupId. */
export const GroupIdQuery = z.object({ groupId: Id('groupId') });
export type GroupIdQuery = z.infer<typeof GroupIdQuery>;

/** SPEC §3 "Admin user". */
export const GroupAdmin = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  org_id: z.string(),
});
export type GroupAdmin = z.infer<typeof GroupAdmin>;

/** The group's admins without the org admins, by name. */
export const GroupAdminsResponse = z.object({ list: z.array(GroupAdmin) });
export type GroupAdminsResponse = z.infer<typeof GroupAdminsResponse>;

const GroupAndUser = z.object({ groupId: Id('groupId'), userId: Id('userId') });

/** PUT /api/group/admins: makes an org member an admin (and member) of the group. */
export const AddGroupAdminBody = GroupAndUser;
export type AddGroupAdminBody = z.infer<typeof AddGroupAdminBody>;

/** DELETE /api/group/admins?groupId&userId: the user stays a member of the group. */
export const RemoveGroupAdminQuery = GroupAndUser;
export type RemoveGroupAdminQuery = z.infer<typeof RemoveGroupAdminQuery>;

/**
 * GET /api/group/users: `groupId` with `addAdmins=true` lists the candidates for Add Admin (org
 * members not yet admins of that group); `keyword` (at least 3 characters) searches the org's
 * members by name or email, alone or within those candidates.
 */
export const GroupUsersQuery = z
  .object({
    groupId: Id('groupId').optional(),
    addAdmins: QueryFlag.optional(),
    keyword: z
      .string()
      .trim()
      .min(USER_SEARCH_MIN, `Enter at least ${USER_SEARCH_MIN} characters`)
      .max(100, 'Must be at most 100 characters')
      .optional(),
  })
  .refine((query) => Boolean(query.groupId) === Boolean(query.addAdmins), {
    path: ['addAdmins'],
    message: 'groupId and addAdmins=true go together',
  })
  .refine((query) => query.groupId || query.keyword, {
    path: ['keyword'],
    message: 'Give a keyword, or a groupId with addAdmins=true',
  });
export type GroupUsersQuery = z.input<typeof GroupUsersQuery>;

/** SPEC §3 "Participant": a user offered by the searchable picker. */
export const GroupUser = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type GroupUser = z.infer<typeof GroupUser>;

/** At most USER_SEARCH_LIMIT users, by name. */
export const GroupUsersResponse = z.object({ list: z.array(GroupUser) });
export type GroupUsersResponse = z.infer<typeof GroupUsersResponse>;
