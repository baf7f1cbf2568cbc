import { z } from 'zod';
import { Email, Password } from './auth.ts';
import { Id, ListSearch } from './fields.ts';
import { EncryptedPassword } from './org-users.ts';
import { BirthDate, FirstName, LastName } from './profile.ts';

/** SPEC §5 / §9: an organization name has at least 3 characters after trimming. */
export const ORGANIZATION_NAME_MIN = 3;
export const ORGANIZATION_NAME_MAX = 100;
/** SPEC §5 Add Organization: the admin's gender choices, Male by default. */
export const ADD_ORGANIZATION_GENDERS = ['Male', 'Female', 'Others'] as const;
/** The Add Admin search (SPEC §5): at least 3 characters; at most this many users come back. */
export const ADMIN_USER_SEARCH_MIN = 3;
export const ADMIN_USER_SEARCH_LIMIT = 20;

// The strings the spec gives (SPEC §5, §8), used verbatim.
export const ORGANIZATION_NAME_TOO_SHORT_MESSAGE =
  'Organization name must be at least 3 characters.';
export const ORGANIZATION_ADDED_MESSAGE = 'Organization added successfully';
export const ADMIN_USER_SEARCH_PLACEHOLDER = 'Search User (Min 3 chars)';

// Messages the spec leaves to us.
export const ORGANIZATION_CREATED_MESSAGE =
  'Organization created; its admin was invited by email and is admin once they accept or first sign in';
export const ORGANIZATION_NAME_TAKEN_MESSAGE = 'An organization with this name already exists';
export const APP_ADMIN_NOT_ORG_ADMIN_MESSAGE =
  'The app admin account cannot administer an organization';
export const ORGANIZATION_RENAMED_MESSAGE = 'Organization updated successfully';
export const ORGANIZATION_DELETED_MESSAGE = 'Organization deleted successfully';
export const ORG_ADMIN_ADDED_MESSAGE = 'Admin added successfully';
export const ORG_ADMIN_REMOVED_MESSAGE = 'Admin removed successfully';
export const ALREADY_ORG_ADMIN_MESSAGE = 'This user is already an admin of this organization';
export const LAST_ORG_ADMIN_MESSAGE = 'An organization must keep at least one admin';
export const NOT_ORG_ADMIN_MESSAGE = 'This user is not an admin of this organization';

/** SPEC §5 "Organization name": trimmed, at least 3 characters. */
export const OrganizationName = z
  .string({ error: ORGANIZATION_NAME_TOO_SHORT_MESSAGE })
  .trim()
  .min(ORGANIZATION_NAME_MIN, ORGANIZATION_NAME_TOO_SHORT_MESSAGE)
  .max(
    ORGANIZATION_NAME_MAX,
    `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`,
  );

/** SPEC §3: the unique name is the name with spaces replaced by hyphens. */
export function uniqueNameOf(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

export const AddOrganizationGender = z.enum(ADD_ORGANIZATION_GENDERS, {
  error: `Gender must be one of ${ADD_ORGANIZATION_GENDERS.join(', ')}`,
});

/**
 * The Add Organization form as the app admin types it (SPEC §5); the password is plain here, and
 * the API applies the same rule after decrypting it.
 */
export const AddOrganizationFields = z.object({
  name: OrganizationName,
  first_name: FirstName,
  last_name: LastName,
  email: Email,
  gender: AddOrganizationGender,
  dob: BirthDate,
  password: Password,
});
export type AddOrganizationFields = z.input<typeof AddOrganizationFields>;

/**
 * POST /api/org/profile (SPEC §5 "Add Organization form", §7): the organization and its first
 * admin. `uniqueName` defaults to the name with spaces as hyphens; `password` is encrypted with
 * GET /api/auth/public-key and only used when the email has no account yet.
 */
export const AddOrganizationBody = AddOrganizationFields.extend({
  uniqueName: OrganizationName.optional(),
  gender: AddOrganizationGender.default('Male'),
  password: EncryptedPassword,
});
export type AddOrganizationBody = z.input<typeof AddOrganizationBody>;

export const AddOrganizationResponse = z.object({
  message: z.string(),
  org_id: z.string(),
  /**
   * The first admin is always invited (issue 27): the same answer whether or not the email has an
   * account; they are admin once they accept, or first sign in to the account made for them.
   */
  admin_status: z.literal('invited'),
  default_group_id: z.string(),
});
export type AddOrganizationResponse = z.infer<typeof AddOrganizationResponse>;

/** GET /api/org/profile[?search][&orgId]: every organization, or the one named by `orgId` (404 when none). */
export const OrganizationsQuery = z.object({
  search: ListSearch,
  orgId: Id('orgId').optional(),
});
export type OrganizationsQuery = z.input<typeof OrganizationsQuery>;

export const OrganizationGroup = z.object({
  group_id: z.string(),
  group_name: z.string(),
  is_default: z.boolean(),
});

/** SPEC §3 "Organization" as the app admin lists it, with what deleting it would remove. */
export const OrganizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  unique_name: z.string(),
  created_at: z.string(),
  active: z.boolean(),
  is_demo: z.boolean(),
  groups: z.array(OrganizationGroup),
  members_count: z.number().int(),
  admins_count: z.number().int(),
  readings_count: z.number().int(),
  sessions_count: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

/** Newest first. */
export const OrganizationsResponse = z.object({ list: z.array(OrganizationSummary) });
export type OrganizationsResponse = z.infer<typeof OrganizationsResponse>;

/** PUT /api/org/profile {orgId, name}: renames the organization (and its unique name). */
export const RenameOrganizationBody = z.object({ orgId: Id('orgId'), name: OrganizationName });
export type RenameOrganizationBody = z.input<typeof RenameOrganizationBody>;

/** DELETE /api/org/profile?orgId. */
export const OrganizationIdQuery = z.object({ orgId: Id('orgId') });
export type OrganizationIdQuery = z.infer<typeof OrganizationIdQuery>;

/**
 * PUT /api/org/admin {userId, orgId, isExternal}: makes the user an admin of the organization.
 * A member becomes an admin; anyone else joins as an external admin (SPEC §6). `isExternal` is
 * accepted as the spec sends it; the server decides from the memberships.
 */
export const AddOrgAdminBody = z.object({
  userId: Id('userId'),
  orgId: Id('orgId'),
  isExternal: z.boolean().optional(),
});
export type AddOrgAdminBody = z.input<typeof AddOrgAdminBody>;

/** DELETE /api/org/admin?orgId&userId: never the last admin. */
export const RemoveOrgAdminQuery = z.object({ orgId: Id('orgId'), userId: Id('userId') });
export type RemoveOrgAdminQuery = z.infer<typeof RemoveOrgAdminQuery>;

/** GET /api/user/list?keyword[&orgId] (SPEC §7 autosuggest): keyword of at least 3 characters. */
export const UserListQuery = z.object({
  keyword: z
    .string({ error: `Enter at least ${ADMIN_USER_SEARCH_MIN} characters` })
    .trim()
    .min(ADMIN_USER_SEARCH_MIN, `Enter at least ${ADMIN_USER_SEARCH_MIN} characters`)
    .max(100, 'Must be at most 100 characters'),
  orgId: Id('orgId').optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;

/**
 * SPEC §3 "Admin user": `org_id`/`org_name` are the account's first organization (null for an
 * individual user); `org_ids` all of them, so the picker can tell who would join as external.
 */
export const AdminUser = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  org_id: z.string().nullable(),
  org_name: z.string().nullable(),
  org_ids: z.array(z.string()),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** At most ADMIN_USER_SEARCH_LIMIT accounts, by name. */
export const UserListResponse = z.object({ list: z.array(AdminUser) });
export type UserListResponse = z.infer<typeof UserListResponse>;
