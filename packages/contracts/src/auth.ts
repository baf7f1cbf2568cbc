import { z } from 'zod';
import { BirthDate, FirstName, GenderField, LastName, UserProfile } from './profile.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Invalid email address')
  .pipe(z.email('Invalid email address'))
  .transform((email) => email.toLowerCase());

export const Password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * A password the person already has (sign-in, linking, the current one of a change): only checked
 * against its hash, so an older, shorter password still works until it is changed.
 */
export const CurrentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** POST /api/auth/sign-up. */
export const SignUpBody = z.object({
  email: Email,
  password: Password,
  firstName: FirstName,
  lastName: LastName,
  gender: GenderField,
  birthDate: BirthDate,
});
export type SignUpBody = z.input<typeof SignUpBody>;

/** POST /api/auth/sign-in. */
export const SignInBody = z.object({ email: Email, password: CurrentPassword });
export type SignInBody = z.input<typeof SignInBody>;

/**
 * Answer of sign-up, sign-in and refresh. The token is kept in memory by the web app; a reload
 * restores it through the httpOnly refresh cookie (POST /api/auth/refresh, which answers 204 with
 * no body when there is no session to restore).
 */
export const AuthResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: UserProfile,
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * Sign-in of an account with a second factor: no session yet, a short-lived single-use challenge
 * that POST /api/auth/two-factor exchanges, with a current code, for the session.
 */
export const MfaChallengeResponse = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type MfaChallengeResponse = z.infer<typeof MfaChallengeResponse>;

/** POST /api/auth/sign-in: a session, or the second step when the account has a second factor. */
export const SignInResponse = z.union([AuthResponse, MfaChallengeResponse]);
export type SignInResponse = z.infer<typeof SignInResponse>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
