import { z } from 'zod';
import { Id, ListSearch, ListSort } from './fields.ts';
import { Password } from './auth.ts';
import { csvSafe } from './csv-safety.ts';
import { BirthDate, FirstName, GENDERS, GenderField, LastName } from './profile.ts';

/** SPEC §5 Add User: the username (email) is at most 50 characters. */
export const ADD_USER_EMAIL_MAX = 50;
/** SPEC §3 / §9: a missing signup date is shown as this day. */
export const MISSING_SIGNUP_DATE = '2025-04-15';
/** SPEC §9: CSV import files are at most 10 MB (hinted on the page, enforced by the server). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** "Active" in the stats: a reading or session within this many days (SPEC §3 "weekly active"). */
export const ACTIVE_USER_DAYS = 7;
export const ORG_USERS_LIMIT_MAX = 100;
export const ORG_USERS_PAGE_SIZES = [10, 20, 50, 100] as const;

// The strings the spec gives (SPEC §2, §5, §8), used verbatim by the API and the web app.
export const REMOVE_USER_CONFIRM_MESSAGE =
  'Are you sure you want to remove user from organization?';
export const PAYER_CHANGED_MESSAGE = 'Payer changed successfully';
export const PAYER_CHANGE_FAILED_MESSAGE = 'Error changing payer';
export const PAYER_NOT_CHANGED_MESSAGE = 'Something went wrong';
export const USER_GROUPS_FAILED_MESSAGE = 'Something went wrong while getting user groups';
export const IMPORT_INVALID_DATA_MESSAGE = 'Invalid data';
export const IMPORT_CSV_ONLY_MESSAGE = 'Please upload file having extension .csv only.';
export const SELECT_AT_LEAST_ONE_MESSAGE = 'Please select at least one option';

// Messages the spec leaves to us.
/**
 * Add User's one answer, whether or not the email has an account (issue 27: joining is consent;
 * the organisation cannot tell which): the person joins on accepting the emailed invitation, or
 * on signing in with the password typed for them.
 */
export const USER_INVITED_MESSAGE =
  'Invitation sent: the user joins your organization when they accept it or first sign in';
export const ALREADY_MEMBER_OR_INVITED_MESSAGE =
  'This user is already a member of your organization or has a pending invitation';
/** Edit User's note beside a profile the organisation may not change (the same rule as below). */
export const PROFILE_OWNED_NOTE =
  'Name, gender and date of birth belong to this person: only they can change them. You can still change their groups and role.';
/** Edit User of an account-wide profile the organisation may not change (issue 27). */
export const PROFILE_NOT_EDITABLE_MESSAGE =
  'Only this person can change their name, gender and date of birth: your organization did not create their account, or they have signed in to it';
export const USER_UPDATED_MESSAGE = 'User updated successfully';
export const USER_REMOVED_MESSAGE = 'User removed from organization';
export const CANNOT_REMOVE_SELF_MESSAGE = 'You cannot remove yourself from the organization';
export const CANNOT_DROP_OWN_ADMIN_MESSAGE = 'You cannot remove your own admin role';
export const APP_ADMIN_CANNOT_JOIN_MESSAGE = 'The app admin account cannot join an organization';
export const IMPORT_NOT_TEXT_MESSAGE =
  'The file is not UTF-8 text (it holds NUL characters): save it as CSV UTF-8';
export const LIFETIME_PAYER_MESSAGE =
  'This user has a lifetime membership; there is no payer to change';
export const IMPORT_DONE_MESSAGE = 'Users imported successfully';

/** SPEC §5 Add User username: required, at most 50 characters, an email address. */
export const AddUserEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(ADD_USER_EMAIL_MAX, `Email must be at most ${ADD_USER_EMAIL_MAX} characters`)
  .pipe(z.email('Please enter a valid email.'))
  .transform((email) => email.toLowerCase());

/** Group ids of a user; "required unless group admin" is checked per mode (`RequiredGroupIds`). */
export const GroupIds = z
  .array(Id('groupIds'), { error: SELECT_AT_LEAST_ONE_MESSAGE })
  .max(100, 'At most 100 groups');
export const RequiredGroupIds = GroupIds.min(1, SELECT_AT_LEAST_ONE_MESSAGE);

/**
 * The Add User form as the person types it (SPEC §5), also the rules the API applies after
 * decrypting the password. The Default group is always added by the server.
 */
export const AddUserFields = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: AddUserEmail,
  password: Password,
  gender: GenderField,
  birthDate: BirthDate,
  groupIds: GroupIds.default([]),
});
export type AddUserFields = z.input<typeof AddUserFields>;

/** Said when the password is not ciphertext the server's key opens (e.g. the key changed). */
export const PASSWORD_NOT_READABLE_MESSAGE =
  'could not be decrypted; reload the page and try again';

/** The password as sent: RSA-OAEP (SHA-256) ciphertext under the server's key, base64. */
export const EncryptedPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(2048, { message: PASSWORD_NOT_READABLE_MESSAGE, abort: true })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, PASSWORD_NOT_READABLE_MESSAGE);

/** POST /api/org/users (SPEC §7). */
export const AddOrgUserBody = AddUserFields.extend({ password: EncryptedPassword });
export type AddOrgUserBody = z.input<typeof AddOrgUserBody>;

/** The same answer whether or not the email has an account: no id, nothing to tell them apart. */
export const AddOrgUserResponse = z.object({
  message: z.string(),
  status: z.literal('invited'),
});
export type AddOrgUserResponse = z.infer<typeof AddOrgUserResponse>;

/** The Edit User form (SPEC §5): names, DOB, gender; groups and admin role only in org mode. */
export const EditUserFields = z.object({
  firstName: FirstName,
  lastName: LastName,
  gender: GenderField,
  birthDate: BirthDate,
  isAdmin: z.boolean().optional(),
  groupIds: GroupIds.optional(),
});
export type EditUserFields = z.input<typeof EditUserFields>;

/** PUT /api/org/users (SPEC §7). */
export const UpdateOrgUserBody = EditUserFields.extend({ userId: Id('userId') });
export type UpdateOrgUserBody = z.input<typeof UpdateOrgUserBody>;

const QueryFlag = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((value) => value === 'true');

/** DELETE /api/org/users (SPEC §7); `userType` and `isExternal` are accepted, the server decides. */
export const RemoveOrgUserQuery = z.object({
  userId: Id('userId'),
  userType: z.string().max(20).optional(),
  isExternal: QueryFlag.optional(),
});
export type RemoveOrgUserQuery = z.input<typeof RemoveOrgUserQuery>;

/** PUT /api/org/users/change_payer (SPEC §7). */
export const ChangePayerBody = z.object({ user_id: Id('user_id') });
export type ChangePayerBody = z.infer<typeof ChangePayerBody>;

export const ChangePayerResponse = z.object({ success: z.boolean(), message: z.string() });
export type ChangePayerResponse = z.infer<typeof ChangePayerResponse>;

export const MessageWithUser = z.object({ message: z.string(), user_id: z.string() });
export type MessageWithUser = z.infer<typeof MessageWithUser>;

/**
 * `internal`: members whose seat the org pays (SPEC §6 hides payer-is-user members from this list);
 * `all`: every member, optionally of one group; `allAdmins`: the org admins.
 */
export const ORG_USER_LIST_TYPES = ['internal', 'all', 'allAdmins'] as const;
export type OrgUserListType = (typeof ORG_USER_LIST_TYPES)[number];

/** The columns the users list sorts by; without one it is by name. */
const ORG_USERS_SORTS = ['name', 'email', 'last_activity', 'signup'] as const;
export type OrgUsersSort = (typeof ORG_USERS_SORTS)[number];

/** GET /api/org/users (SPEC §7), with search, sorting and paging. */
export const OrgUsersQuery = z.object({
  type: z.enum(ORG_USER_LIST_TYPES, { error: 'Must be internal, all or allAdmins' }).default('all'),
  groupId: Id('groupId').optional(),
  orgId: Id('orgId').optional(),
  search: ListSearch,
  ...ListSort(ORG_USERS_SORTS),
  limit: z.coerce.number().int().min(1).max(ORG_USERS_LIMIT_MAX).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type OrgUsersQuery = z.input<typeof OrgUsersQuery>;

/** 'External' is a member who pays their own subscription (SPEC §6 "payer is the user (External)"). */
export const SUBSCRIPTION_PAYERS = ['Org', 'External'] as const;

/** SPEC §3 "Org user row". */
export const OrgUser = z.object({
  user_id: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  email: z.string(),
  last_activity_date: z.string().nullable(),
  last_activity_type: z.string().nullable(),
  /** The highest role in this organisation: org admin, group admin of any group, or member. */
  user_highest_role: z.enum(['org', 'group', 'user']),
  /** The account's signup; null is shown as MISSING_SIGNUP_DATE. */
  created_at: z.string().nullable(),
  subscription_payer: z.enum(SUBSCRIPTION_PAYERS),
  /** True when the member pays their own subscription (shown as External). */
  is_solo: z.boolean(),
  /** An admin from another organisation added by the app admin (SPEC §6). */
  is_external: z.boolean(),
  /** Whether this organisation may edit the account-wide profile (`canEditAccountProfile`). */
  profile_editable: z.boolean(),
});
export type OrgUser = z.infer<typeof OrgUser>;

export const OrgUsersResponse = z.object({
  list: z.array(OrgUser),
  noOfRows: z.number().int(),
});
export type OrgUsersResponse = z.infer<typeof OrgUsersResponse>;

/** GET /api/org/users_stats (SPEC §3 "User stats"). */
export const UsersStatsResponse = z.object({
  total_active_users: z.number().int(),
  total_internal_users: z.number().int(),
  total_external_users: z.number().int(),
  total: z.number().int(),
  /** The current period's seats so far: what its invoice would count today (lib/seats). */
  seats: z.number().int(),
  billing_from: z.string(),
  billing_to: z.string(),
});
export type UsersStatsResponse = z.infer<typeof UsersStatsResponse>;

export const UserGroup = z.object({
  group_id: z.string(),
  group_name: z.string(),
  is_default: z.boolean(),
});
export type UserGroup = z.infer<typeof UserGroup>;

/** GET /api/org/user_groups/{userId} (SPEC §7) and GET /api/org/users/group_options. */
export const UserGroupsResponse = z.object({ items: z.array(UserGroup) });
export type UserGroupsResponse = z.infer<typeof UserGroupsResponse>;

export const UserIdParams = z.object({ userId: Id('userId') });

/** GET /api/auth/public-key: what the browser encrypts passwords with. */
export const PublicKeyResponse = z.object({
  algorithm: z.literal('RSA-OAEP-256'),
  /** SPKI, PEM encoded. */
  public_key: z.string(),
});
export type PublicKeyResponse = z.infer<typeof PublicKeyResponse>;

/** One column of the import file; the page documents them and builds the template from them. */
export type ImportColumn = {
  name: string;
  required: boolean;
  description: string;
  example: string;
};

/** The columns of the CSV import, in template order (header names are matched case-insensitively). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    name: 'first_name',
    required: true,
    description: 'At most 100 characters.',
    example: 'Amelia',
  },
  { name: 'last_name', required: true, description: 'At most 100 characters.', example: 'Hughes' },
  {
    name: 'email',
    required: true,
    description:
      'The username; at most 50 characters. Each person is invited by email and joins when they accept or first sign in.',
    example: 'amelia.hughes@example.com',
  },
  {
    name: 'gender',
    required: true,
    description: `One of ${GENDERS.join(', ')}.`,
    example: 'Female',
  },
  {
    name: 'birth_date',
    required: true,
    description: 'YYYY-MM-DD, not in the future.',
    example: '1990-04-15',
  },
  {
    name: 'group',
    required: false,
    description:
      'Group names separated by ";". Empty: the Default group only (every user is in it).',
    example: 'Engineering',
  },
  {
    name: 'password',
    required: false,
    description:
      'For new accounts only, at least 8 characters, not a common password; temporary until its owner replaces it. Empty: the account has no password and signs ' +
      'in with a social sign-in for that email. Never changes an existing account.',
    example: '',
  },
];

/** POST /api/org/users/import: the multipart form as the OpenAPI page shows it. */
export const ImportUsersForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('One .csv file (UTF-8, comma separated, header row), at most 10 MB.'),
  domain: z
    .string()
    .optional()
    .describe(
      'The domain name (unique name) of the organization the page imports into; refused with 404 ' +
        'when the caller now works in another one.',
    ),
});

export const ImportFailure = z.object({
  /** Line of the file (the header is line 1). */
  row: z.number().int(),
  /** The row's email cell as text; a formula-looking cell is prefixed with `'` (see csvSafe). */
  email: z.string(),
  reason: z.string(),
});
export type ImportFailure = z.infer<typeof ImportFailure>;

/** How many failed rows an answer lists; `failedCount` has them all. */
export const IMPORT_FAILED_LIST_MAX = 1000;

export const ImportUsersResponse = z.object({
  message: z.string(),
  data: z.object({
    /** People invited, whether or not their email has an account (the answer never tells). */
    invited: z.number().int(),
    /** Rows of people already in the organisation or invited: left as they are (a re-upload adds nothing). */
    skipped: z.number().int(),
    failedCount: z.number().int(),
    failed: z.array(ImportFailure),
  }),
});
export type ImportUsersResponse = z.infer<typeof ImportUsersResponse>;

/** One CSV line from cells: quoted when needed (RFC 4180) and formula-safe. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => {
      const safe = csvSafe(cell);
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}

/**
 * GET /api/v2/org/users[?groupId][&orgId] (SPEC §7): every member of the organization (of one
 * group with `groupId`), unpaged, by name — the pickers' default lists. The app admin names the
 * organization with `orgId`; everyone else gets their current one (a group admin their group).
 */
export const OrgMembersQuery = z.object({
  groupId: Id('groupId').optional(),
  orgId: Id('orgId').optional(),
});
export type OrgMembersQuery = z.input<typeof OrgMembersQuery>;

export const OrgMember = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  org_id: z.string(),
  /** An org admin of this organization. */
  is_admin: z.boolean(),
  is_external: z.boolean(),
});
export type OrgMember = z.infer<typeof OrgMember>;

export const OrgMembersResponse = z.object({ list: z.array(OrgMember) });
export type OrgMembersResponse = z.infer<typeof OrgMembersResponse>;
