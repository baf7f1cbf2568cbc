import { z } from 'zod';
import { GENDERS } from './profile.ts';
import { CurrentPassword } from './auth.ts';

/**
 * Social sign-in with OpenID Connect (SPEC §1, §2, §4): the providers the server is configured
 * with, the round trip the server runs, the pending sign-up of an unknown identity ('Almost
 * there!') and the signed-in person's sign-in methods.
 */

/** The kind of a provider: its flow and its mark on the button. */
export const SOCIAL_PROVIDER_KINDS = ['google', 'apple', 'oidc'] as const;
export type SocialProviderKind = (typeof SOCIAL_PROVIDER_KINDS)[number];

/** A configured provider, as its button shows it. */
export const SocialProvider = z.object({
  id: z.string(),
  kind: z.enum(SOCIAL_PROVIDER_KINDS),
  label: z.string(),
  /** The in-process development provider (a first run on localhost): no real identity. */
  development: z.boolean(),
});
export type SocialProvider = z.infer<typeof SocialProvider>;

/** GET /api/auth/oidc/providers: one button per configured provider, on both panels. */
export const SocialProvidersResponse = z.object({ providers: z.array(SocialProvider) });
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponse>;

export const SocialProviderParams = z.object({
  provider: z.string().min(1).max(64),
});

/** A page of this app to return to: a relative path, never another site. */
export const ReturnPath = z
  .string()
  .max(2048)
  .refine((path) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\'), {
    message: 'redirectTo must be a path of this site',
  });

/** POST /api/auth/oidc/{provider}/start: the authorization URL the browser goes to. */
export const SocialStartBody = z.object({ redirectTo: ReturnPath.nullish() });
export type SocialStartBody = z.input<typeof SocialStartBody>;

export const SocialStartResponse = z.object({ url: z.string() });
export type SocialStartResponse = z.infer<typeof SocialStartResponse>;

/** POST /api/user/sign-in-methods/link: starts a round trip that adds a provider to the caller. */
export const LinkProviderBody = z.object({
  provider: z.string().min(1).max(64),
  returnTo: ReturnPath,
});
export type LinkProviderBody = z.input<typeof LinkProviderBody>;

/**
 * GET /api/auth/social/pending: the identity waiting for its account, read through the httpOnly
 * cookie the callback set. `next` says which form the page shows: 'sign-up' ('Almost there!'),
 * 'link' (the existing account's password links it) or 'email-taken' (an account has this email,
 * but the provider did not verify it, or it is the development provider: sign in and link).
 */
export const PendingSocialSignUp = z.object({
  provider: SocialProvider,
  next: z.enum(['sign-up', 'link', 'email-taken']),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthDate: z.string().nullable(),
  redirectTo: z.string().nullable(),
});
export type PendingSocialSignUp = z.infer<typeof PendingSocialSignUp>;

/** POST /api/auth/social/link: the existing account's password, proving it before the link. */
export const LinkWithPasswordBody = z.object({ password: CurrentPassword });
export type LinkWithPasswordBody = z.input<typeof LinkWithPasswordBody>;

/** A provider linked to the signed-in account. */
export const LinkedIdentity = z.object({
  id: z.string(),
  provider: z.string(),
  label: z.string(),
  email: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentity>;

/** GET /api/user/sign-in-methods: the caller's password and linked providers, and what can be linked. */
export const SignInMethodsResponse = z.object({
  has_password: z.boolean(),
  identities: z.array(LinkedIdentity),
  providers: z.array(SocialProvider),
});
export type SignInMethodsResponse = z.infer<typeof SignInMethodsResponse>;

export const IdentityParams = z.object({ identityId: z.uuid('identityId must be a UUID') });

/**
 * Why a round trip came back to the auth screen: `?social_error=<code>&provider=<id>` on the
 * landing URL; the web toasts the message and drops the parameters.
 */
export const SOCIAL_ERROR_CODES = [
  'cancelled',
  'failed',
  'expired',
  'unavailable',
  'no-email',
  'linked-elsewhere',
  'already-linked',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

/** The toast of each landing error; `label` is the provider's button label. */
export function socialErrorMessage(code: SocialErrorCode, label: string): string {
  switch (code) {
    case 'cancelled':
      return `Sign-in with ${label} was cancelled.`;
    case 'failed':
      return `Sign-in with ${label} did not complete. Please try again.`;
    case 'expired':
      return `Sign-in with ${label} took too long or was already used. Please try again.`;
    case 'unavailable':
      return `${label} cannot be reached right now. Please try again later or sign in with your email.`;
    case 'no-email':
      return `${label} did not share an email address, which Resonant needs for your account.`;
    case 'linked-elsewhere':
      return `This ${label} account is already linked to another Resonant account.`;
    case 'already-linked':
      return `Your account is already linked to another ${label} account. Unlink it first.`;
  }
}

/** SPEC §4: the toast when an unknown social user is moved to 'Almost there!'. */
export const NEW_SOCIAL_USER_MESSAGE =
  'Looks like you are new here please provide these details to create an account';
/** SPEC §2: the title of the social sign-up form. */
export const SOCIAL_SIGN_UP_TITLE = 'Almost there!';
/** POST /api/user/profile or /api/auth/social/link without a live pending sign-up (401). */
export const SOCIAL_SIGN_UP_EXPIRED_MESSAGE =
  'Your sign-up has expired. Please sign in with your provider again.';
/** DELETE of the only way an account has to sign in (409). */
export const LAST_SIGN_IN_METHOD_MESSAGE =
  'This is your only way to sign in. Link another provider before removing it.';
export const IDENTITY_NOT_FOUND_MESSAGE = 'Sign-in method not found';
export const PROVIDER_NOT_FOUND_MESSAGE = 'Sign-in provider not found';

/** The success toasts of linking and unlinking. */
export const providerLinkedMessage = (label: string) => `${label} sign-in is now linked.`;
export const providerUnlinkedMessage = (label: string) => `${label} sign-in was removed.`;
