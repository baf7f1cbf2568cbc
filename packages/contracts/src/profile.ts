import { z } from 'zod';
import { inStorableYears, PersonName } from './fields.ts';
import { ROLES } from './roles.ts';

export const GENDERS = ['Male', 'Female', 'Prefer not to disclose', 'Others'] as const;
export type Gender = (typeof GENDERS)[number];

export const NAME_MAX = 100;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) that exists and is not after today (UTC+14, the earliest "today"). */
export function isPastOrToday(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (!inStorableYears(value) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getTime() <= Date.now() + 14 * 3600 * 1000;
}

export const FirstName = PersonName('First Name', NAME_MAX);
export const LastName = PersonName('Last Name', NAME_MAX);
const GENDER_INVALID_MESSAGE = `Invalid gender: use ${GENDERS.slice(0, -1).join(', ')} or ${GENDERS.at(-1)}`;
const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
/** A missing gender is required; any other value outside GENDERS is invalid, naming the choices. */
export const GenderField = z.enum(GENDERS, {
  error: (issue) => (isBlank(issue.input) ? 'Gender is required' : GENDER_INVALID_MESSAGE),
});
export const BirthDate = z
  .string({ error: 'Date of Birth is required' })
  .min(1, 'Date of Birth is required')
  .refine(isPastOrToday, 'Date of Birth must be a valid date, not in the future');

/** PUT /api/user/profile (update), and POST /api/user/profile (the social sign-up's form) (SPEC §7). */
export const UpdateProfileBody = z.object({
  firstName: FirstName,
  lastName: LastName,
  gender: GenderField,
  birthDate: BirthDate,
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** The user of SPEC §3 "User profile", as GET /api/user/profile returns it. */
export const UserProfile = z.object({
  user_id: z.string(),
  user_type: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  current_org_id: z.string().nullable(),
  current_group_id: z.string().nullable(),
  domainname: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  org_id: z.string().nullable(),
  org_name: z.string().nullable(),
  group_name: z.string().nullable(),
  /** The account proved its email (the mailed link); until then a banner asks for it (issue 27). */
  emailVerified: z.boolean(),
  /** The account has a second factor (TOTP) in force. */
  mfaEnabled: z.boolean(),
  /**
   * The current context is an admin's in an organisation that requires a second factor of its
   * admins, and the account has none: admin actions answer 403 until it enrols.
   */
  mfaSetupRequired: z.boolean(),
  /** A temporary password (set by an admin) must be replaced before anything else works. */
  passwordChangeRequired: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;
