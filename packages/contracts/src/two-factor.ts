import { z } from 'zod';

/** How many single-use recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;

const SIX_DIGITS = /^\d{6}$/;

/** A current code of the authenticator app: six digits, spaces ignored. */
export const TotpCode = z
  .string({ error: 'Code is required' })
  .max(16, 'Enter the 6-digit code from your authenticator app')
  .transform((code) => code.replaceAll(' ', ''))
  .pipe(
    z
      .string()
      .min(1, 'Code is required')
      .regex(SIX_DIGITS, 'Enter the 6-digit code from your authenticator app'),
  );

/** The sign-in's second step takes a current code or one of the recovery codes. */
export const SecondFactorCode = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(32, 'Enter the 6-digit code or a recovery code');

/** GET /api/user/two-factor: whether the account has a second factor, and what is left of it. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** False for the app admin: once enrolled, the second factor stays (it can only be replaced). */
  canDisable: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/**
 * POST /api/user/two-factor/setup: a new secret, pending until a code confirms it; the otpauth URI
 * as a QR code (an SVG document) and the secret in text for typing it in.
 */
export const TwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/user/two-factor/confirm and /recovery-codes: a current code. */
export const TotpCodeBody = z.object({ code: TotpCode });
export type TotpCodeBody = z.input<typeof TotpCodeBody>;

/** The new recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** POST /api/user/two-factor/disable: a current code, or the account's password. */
export const DisableTwoFactorBody = z
  .object({
    code: TotpCode.optional(),
    password: z.string().max(256, 'Password must be at most 256 characters').optional(),
  })
  .refine((body) => Boolean(body.code ?? body.password), {
    message: 'Enter a current code or your password',
  });
export type DisableTwoFactorBody = z.input<typeof DisableTwoFactorBody>;

/** POST /api/auth/two-factor: the sign-in's challenge and the code that answers it. */
export const VerifyTwoFactorBody = z.object({
  challenge: z.string().min(1, 'Challenge is required').max(128, 'Challenge is too long'),
  code: SecondFactorCode,
});
export type VerifyTwoFactorBody = z.input<typeof VerifyTwoFactorBody>;

/** GET and PUT /api/org/two-factor-policy: the organisation's admins must use a second factor. */
export const TwoFactorPolicy = z.object({ requireAdminMfa: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicy>;

export const INVALID_TOTP_CODE_MESSAGE = 'Invalid code';
export const MFA_CHALLENGE_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';
export const TWO_FACTOR_ALREADY_ENABLED_MESSAGE = 'Two-factor authentication is already on';
export const TWO_FACTOR_NOT_ENABLED_MESSAGE = 'Two-factor authentication is not on';
export const NO_PENDING_SETUP_MESSAGE = 'Start the set-up again: no key is waiting for a code';
export const APP_ADMIN_KEEPS_TWO_FACTOR_MESSAGE =
  'The app admin keeps two-factor authentication once it is on';
export const INVALID_PASSWORD_MESSAGE = 'Invalid password';
export const ENROL_BEFORE_REQUIRING_MESSAGE =
  'Set up two-factor authentication for yourself before requiring it of admins';
/** The one answer of an admin route to an admin who has no second factor where it is required. */
export const ADMIN_MFA_REQUIRED_MESSAGE =
  'This organization requires two-factor authentication for admins: set it up in Settings';
