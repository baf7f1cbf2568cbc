import { z } from 'zod';
import { CurrentPassword, Email, Password } from './auth.ts';

/** PUT /api/user/password: the signed-in person replaces their password, giving the current one. */
export const ChangePasswordBody = z.object({
  currentPassword: CurrentPassword,
  newPassword: Password,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** POST /api/auth/forgot-password: where to mail a reset link. */
export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

/** POST /api/auth/reset-password: the mailed link's token and the new password. */
export const ResetPasswordBody = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(100),
  password: Password,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

/** Every answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email, we have sent it a link to choose a new password.';
export const RESET_LINK_DEAD_MESSAGE =
  'This link has expired or has already been used. Ask for a new one.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Sign in with the new one.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const SAME_PASSWORD_MESSAGE = 'Choose a password different from the current one';
/** The server's common-password check (zxcvbn): refused however long the password is. */
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common or too easy to guess: choose another one';
/** Every route but the few that replace a temporary password answers this until it is replaced. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Choose your own password before you continue: the one you were given is temporary';

export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

/** The change form as typed: the new password twice. */
export const ChangePasswordFields = ChangePasswordBody.extend({
  confirmPassword: z.string(),
}).refine((fields) => fields.confirmPassword === fields.newPassword, {
  message: PASSWORDS_DIFFER_MESSAGE,
  path: ['confirmPassword'],
});
export type ChangePasswordFields = z.input<typeof ChangePasswordFields>;

/** The reset form as typed: the new password twice (the token comes from the link). */
export const ResetPasswordFields = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((fields) => fields.confirmPassword === fields.password, {
    message: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirmPassword'],
  });
export type ResetPasswordFields = z.input<typeof ResetPasswordFields>;
