import { z } from 'zod';

/**
 * Sign-up proves the address before the account holds it (issue 27): the answer is the same
 * whether or not the address has an account, and a mailed single-use link confirms it.
 */
export const CHECK_INBOX_MESSAGE =
  'Check your inbox to confirm your email address: we sent a link to the address you gave.';

/** POST /api/auth/sign-up and POST /api/auth/verify-email/resend: what was mailed, never more. */
export const CheckInboxResponse = z.object({ message: z.string() });
export type CheckInboxResponse = z.infer<typeof CheckInboxResponse>;

/** The token of a /verify-email link (`?it=`); base64url of 32 random bytes. */
export const VerifyEmailBody = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is too long'),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** POST /api/auth/verify-email: the confirmed address; the person signs in next (no session). */
export const VerifyEmailResponse = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const EMAIL_CONFIRMED_MESSAGE = 'Email confirmed. You can sign in now.';
export const VERIFICATION_LINK_INVALID_MESSAGE =
  'This confirmation link is no longer valid: it was used already, replaced by a newer one, or it expired. Sign in and ask for a new link.';
export const ADDRESS_ALREADY_CONFIRMED_MESSAGE =
  'This email address was confirmed by another account meanwhile. Sign in, or reset your password from the sign-in screen.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email address is confirmed already.';
export const VERIFICATION_RESEND_LIMITED_MESSAGE =
  'Too many confirmation links asked for: wait a while, then try again.';
export const VERIFICATION_RESENT_MESSAGE =
  'We sent a new confirmation link to your email address. Earlier links no longer work.';
