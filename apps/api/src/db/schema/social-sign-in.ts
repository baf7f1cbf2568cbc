import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, timestampTz } from './columns.ts';

export const socialAttemptPurposeEnum = pgEnum('social_attempt_purpose', ['sign-in', 'link']);

/**
 * One round trip to an identity provider, from the button to the callback: single use and short
 * lived. `state` is kept only as a SHA-256 hash; the PKCE verifier and the nonce are needed in
 * clear to finish the exchange. `binding_hash` is the hash of the httpOnly cookie the starting
 * browser holds, so a callback replayed into another browser is refused (login CSRF).
 */
export const socialSignInAttempts = pgTable(
  'social_sign_in_attempts',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    provider: text('provider').notNull(),
    purpose: socialAttemptPurposeEnum('purpose').notNull(),
    /** The signed-in account a `link` attempt adds the identity to. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Where the web app goes afterwards (a relative path; postLoginPath still filters it). */
    redirectTo: text('redirect_to'),
    /** Apple-type providers post the person's name once, beside the code (form_post). */
    postedUser: jsonb('posted_user'),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_sign_in_attempts_state_key').on(t.stateHash),
    index('social_sign_in_attempts_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A verified identity the provider vouched for that no account holds yet: the 'Almost there!'
 * form (POST /api/user/profile) turns it into an account, or, when `link_account_id` is set, the
 * existing account's password links it. Reached only through the hash of an httpOnly cookie.
 */
export const pendingSocialSignUps = pgTable(
  'pending_social_sign_ups',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The provider's claims that prefill the form: first and last name, gender, date of birth. */
    claims: jsonb('claims').notNull(),
    /** The existing account whose email the provider verified: linked only after its password. */
    linkAccountId: uuid('link_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    redirectTo: text('redirect_to'),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_social_sign_ups_token_key').on(t.tokenHash),
    index('pending_social_sign_ups_expires_idx').on(t.expiresAt),
  ],
);
