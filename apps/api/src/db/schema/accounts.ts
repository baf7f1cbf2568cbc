import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns.ts';
import { groups, organisations } from './organisations.ts';

export const genderEnum = pgEnum('gender', ['Male', 'Female', 'Prefer not to disclose', 'Others']);
export const contextTypeEnum = pgEnum('context_type', ['org', 'group', 'user']);

/** A person who can sign in. The email is stored lower-cased; a social-only account has no password. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    lastSignInAt: timestampTz('last_sign_in_at'),
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
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_refresh_hash_key').on(t.refreshHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);
