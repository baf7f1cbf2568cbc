import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { groups, organisations } from './organisations.ts';

export const genderEnum = pgEnum('gender', ['Male', 'Female', 'Prefer not to disclose', 'Others']);
export const contextTypeEnum = pgEnum('context_type', ['org', 'group', 'user']);

/**
 * A person who can sign in. The email is stored lower-cased; a social-only account has no password.
 * An email is the person's only once proven (`email_verified_at`): until then the account is never
 * matched by its email, and a proven owner of the address takes it over.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    lastSignInAt: timestampTz('last_sign_in_at'),
    emailVerifiedAt: timestampTz('email_verified_at'),
    /** Set by an admin (Add User, Add Organization, import): the first sign-in must replace it. */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    /** The organisation that created the account; it may edit the profile until the person signs in. */
    createdByOrgId: uuid('created_by_org_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    /** The platform's app admin, created by the server for APP_ADMIN_EMAIL; never adopted. */
    isAppAdmin: boolean('is_app_admin').notNull().default(false),
    /** TOTP (RFC 6238) shared secret, base32; in force once `totp_enabled_at` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestampTz('totp_enabled_at'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is not taken again. */
    totpLastStep: integer('totp_last_step'),
  },
  (t) => [uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`)],
);

/**
 * Personal data and the current context of an account. The current org, group and user type are
 * what POST /switch changes; the server re-checks them against memberships on every request.
 */
export const profiles = pgTable('profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  gender: genderEnum('gender'),
  birthDate: date('birth_date', { mode: 'string' }),
  currentOrgId: uuid('current_org_id').references(() => organisations.id, { onDelete: 'set null' }),
  currentGroupId: uuid('current_group_id').references(() => groups.id, { onDelete: 'set null' }),
  currentType: contextTypeEnum('current_type'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/**
 * A link between an account and an OpenID Connect identity (Google-type, Apple-type or another
 * configured provider). The identity is the issuer and its subject; `provider` is the configured
 * provider's id (its button), and an account holds at most one identity per provider.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('social_identities_account_provider_key').on(t.accountId, t.provider),
  ],
);

/**
 * A signed-in session. Only SHA-256 hashes of the bearer token and of the refresh token are kept;
 * the bearer token expires quickly, the refresh token (an httpOnly cookie) restores it after a reload.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    refreshExpiresAt: timestampTz('refresh_expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * However often it is refreshed, the session ends here (the absolute lifetime, set from the
     * config when it opens; the default only dates the sessions open before it existed).
     */
    absoluteExpiresAt: timestampTz('absolute_expires_at')
      .notNull()
      .default(sql`now() + interval '30 days'`),
    lastSeenAt: timestampTz('last_seen_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_refresh_hash_key').on(t.refreshHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/**
 * A refresh token a session has already exchanged. Presenting one again means it was copied: the
 * session (the token family) is ended.
 */
export const spentRefreshTokens = pgTable('spent_refresh_tokens', {
  refreshHash: text('refresh_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  spentAt: createdAt(),
});

export const accountTokenPurposeEnum = pgEnum('account_token_purpose', [
  'verify-email',
  'reset-password',
  'mfa-challenge',
  'change-email',
]);

/**
 * A single-use link or challenge sent to a person: only the token's SHA-256 hash is kept. `email` is
 * the address a verification proves; `payload` carries what the step needs (a pending sign-up's
 * names and password hash, the client of an MFA challenge).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_account_idx').on(t.accountId),
  ],
);

/** Ten single-use recovery codes per TOTP enrolment, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/** What a personal API token may do at `/api/v1` (contracts/api-tokens.ts names them). */
export const apiTokenScopeEnum = pgEnum('api_token_scope', ['readings:read', 'readings:write']);

/**
 * A token a person made for an integration (a script, a spreadsheet): accepted as a bearer token
 * by `/api/v1` alone, within its scopes and until it expires; only its SHA-256 hash is kept.
 */
export const personalApiTokens = pgTable(
  'personal_api_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: apiTokenScopeEnum('scopes').array().notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    lastUsedAt: timestampTz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('personal_api_tokens_token_hash_key').on(t.tokenHash),
    index('personal_api_tokens_account_idx').on(t.accountId),
  ],
);
