import { z } from 'zod';
import { CurrentPassword, Email } from './auth.ts';

/**
 * A person changes their email by proving the new address: a single-use link goes to it, a notice
 * to the old one, and the account's address changes only when the link is followed.
 */
export const RequestEmailChangeBody = z.object({
  email: Email,
  /** Required when the account has a password; a social-only account has none to give. */
  currentPassword: CurrentPassword.optional(),
});
export type RequestEmailChangeBody = z.input<typeof RequestEmailChangeBody>;

/** The token of a /confirm-email-change link (`?it=`). */
export const ConfirmEmailChangeBody = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is too long'),
});
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;

export const EmailChangeResponse = z.object({ message: z.string(), email: z.string() });
export type EmailChangeResponse = z.infer<typeof EmailChangeResponse>;

/** Hours a change link works (the verification link's day is enough to open a mail). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export const EMAIL_CHANGE_SENT_MESSAGE =
  'We sent a link to the new address: your email changes when you open it. Earlier links no longer work.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address is changed.';
export const EMAIL_TAKEN_MESSAGE = 'Another account uses this email address.';
export const SAME_EMAIL_MESSAGE = 'This is your email address already.';
export const EMAIL_CHANGE_PASSWORD_REQUIRED_MESSAGE =
  'currentPassword: Enter your current password to change your email';
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE =
  'This link is no longer valid: it was used already, replaced by a newer one, or it expired. Ask for a new one in Settings.';
