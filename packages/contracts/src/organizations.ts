import { z } from 'zod';
import { Email } from './auth.ts';
import { EncryptedPassword } from './org-users.ts';
import { BirthDate, FirstName, GenderField, LastName } from './profile.ts';

export const ORGANIZATION_NAME_MAX = 100;

// Messages the spec leaves to us.
export const ORGANIZATION_CREATED_MESSAGE = 'Organization created successfully';
export const ORGANIZATION_NAME_TAKEN_MESSAGE = 'An organization with this name already exists';
export const APP_ADMIN_NOT_ORG_ADMIN_MESSAGE =
  'The app admin account cannot administer an organization';

const OrganizationName = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(ORGANIZATION_NAME_MAX, `Name must be at most ${ORGANIZATION_NAME_MAX} characters`);

/**
 * POST /api/org/profile (SPEC §5 "Add Organization form", §7): the organization and its first
 * admin. `uniqueName` defaults to the name with spaces as dashes; `password` is encrypted with
 * GET /api/auth/public-key and only used when the email has no account yet.
 */
export const AddOrganizationBody = z.object({
  name: OrganizationName,
  uniqueName: OrganizationName.optional(),
  first_name: FirstName,
  last_name: LastName,
  gender: GenderField.default('Male'),
  dob: BirthDate,
  email: Email,
  password: EncryptedPassword,
});
export type AddOrganizationBody = z.input<typeof AddOrganizationBody>;

export const AddOrganizationResponse = z.object({
  message: z.string(),
  org_id: z.string(),
  /** The organization's first admin: a new account, or the existing one with that email. */
  admin_user_id: z.string(),
  default_group_id: z.string(),
});
export type AddOrganizationResponse = z.infer<typeof AddOrganizationResponse>;
