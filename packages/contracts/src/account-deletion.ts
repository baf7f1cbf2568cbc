import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';

/** What the person types to confirm, exactly (case and spaces included). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * How long a sign-in counts as fresh enough to delete an account that has no password (a social
 * sign-in only): the person signs in again, then deletes within this many minutes.
 */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * POST /api/v1/account/delete: the current password (required when the account has one) and the
 * typed confirmation.
 */
export const DeleteAccountBody = z.object({
  password: z
    .string()
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .optional(),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION} to confirm` })
    .max(50, `Type ${DELETE_CONFIRMATION} to confirm`)
    .refine((typed) => typed === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

/** What goes with the account, in the words the confirmation lists. */
export const DELETED_WITH_THE_ACCOUNT = [
  'every reading and session you recorded, with their tags, notes and minutes',
  'your daily figures and averages',
  'your place in every organisation and group',
  'your profile, password, sign-in methods and second factor',
  'every signed-in device, personal API token and recovery code',
  'invitations sent to your address',
] as const;

export const ACCOUNT_DELETED_MESSAGE = 'Your account and all its data have been deleted.';
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password to delete your account';
export const SIGN_IN_AGAIN_MESSAGE = `Sign in again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes`;

/** The refusal for the last org admin of an organisation, naming it. */
export const lastAdminMessage = (organisation: string) =>
  `You are the last admin of ${organisation}. Appoint another admin there first, or ask the app admin to delete the organisation.`;
