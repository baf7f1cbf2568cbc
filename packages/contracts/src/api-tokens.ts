import { z } from 'zod';
import { Id } from './fields.ts';

/**
 * What a personal API token may do at `/api/v1`: read the person's own readings and sessions, or
 * upload new ones. A route of `/api/v1` names the scope a token needs (its `tokenScope`); every
 * other route refuses tokens.
 */
export const API_TOKEN_SCOPES = ['readings:read', 'readings:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope allows, in the words the Settings page shows. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'readings:read': 'Read your readings and sessions',
  'readings:write': 'Upload readings and sessions',
};

/** Every personal token starts with it, so a leaked one is recognisable (secret scanners too). */
export const API_TOKEN_PREFIX = 'rsn_pat_';

/** The expiries offered as a choice, in days; a date of one's own may not be later than the last. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 365;
/** Most tokens (live or expired) an account keeps at once. */
export const API_TOKENS_PER_ACCOUNT = 20;
export const API_TOKEN_NAME_MAX = 60;

export const API_TOKEN_NOT_FOUND_MESSAGE = 'API token not found';
export const API_TOKEN_LIMIT_MESSAGE = `You have ${API_TOKENS_PER_ACCOUNT} API tokens, the most an account keeps: revoke one you no longer use first`;
export const API_TOKEN_EXPIRY_MESSAGE = `Must be a day from tomorrow to ${API_TOKEN_MAX_DAYS} days ahead`;
/** A token sent to a route that does not take tokens (not /api/v1, or no scope named). */
export const API_TOKEN_NOT_ACCEPTED_MESSAGE =
  'Personal API tokens are accepted only by the /api/v1 routes that name a token scope';
/** A live token without the scope its route names. */
export const apiTokenScopeMessage = (scope: ApiTokenScope) =>
  `This API token does not have the ${scope} scope this route needs`;

/** One token as its owner sees it; the secret itself is never listed. */
export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Accurate to a minute: a token in constant use is not written on every call. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokensResponse = z.object({ tokens: z.array(ApiToken) });
export type ApiTokensResponse = z.infer<typeof ApiTokensResponse>;

/**
 * A new token: a name, one or both scopes, and an expiry, either `expiresInDays` (30, 90 or 365)
 * or `expiresOn`, a day (YYYY-MM-DD) from tomorrow to 365 days ahead: it is valid to the end of
 * that day (UTC).
 */
export const CreateApiTokenBody = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { error: `Must be ${API_TOKEN_SCOPES.join(' or ')}` }), {
        error: 'Choose at least one scope',
      })
      .min(1, 'Choose at least one scope')
      .max(API_TOKEN_SCOPES.length, 'Name each scope once')
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once'),
    expiresInDays: z
      .union(
        API_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
        { error: `Must be ${API_TOKEN_EXPIRY_DAYS.join(', ')}` },
      )
      .optional(),
    expiresOn: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).optional(),
  })
  .refine((body) => (body.expiresInDays === undefined) !== (body.expiresOn === undefined), {
    message: 'Give either expiresInDays or expiresOn',
    path: ['expiresInDays'],
  });
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

/** The answer to a creation: the token, and its secret, shown this once and never again. */
export const CreatedApiTokenResponse = z.object({ token: ApiToken, secret: z.string() });
export type CreatedApiTokenResponse = z.infer<typeof CreatedApiTokenResponse>;

export const ApiTokenParams = z.object({ tokenId: Id('Token') });
