import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, timestampTz } from './columns.ts';
import { groups, organisations, tenantId } from './organisations.ts';

export const invitationRoleEnum = pgEnum('invitation_role', ['org', 'group', 'user']);
export const invitationStatusEnum = pgEnum('invitation_status', [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'revoked',
]);
export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sent', 'failed']);

/**
 * An invitation to join an organisation (and a group). Only the token's SHA-256 hash is stored;
 * a resend replaces it, voiding the old link.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    orgId: tenantId(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** Further groups of the organisation to join on accepting (Add User and the import choose several). */
    moreGroupIds: uuid('more_group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: invitationRoleEnum('role').notNull(),
    invitedByAccountId: uuid('invited_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    tokenHash: text('token_hash').notNull(),
    status: invitationStatusEnum('status').notNull().default('pending'),
    mailStatus: mailStatusEnum('mail_status').notNull().default('queued'),
    expiresAt: timestampTz('expires_at').notNull(),
    /** When the current link was issued: the invitation, or its latest resend. */
    linkIssuedAt: timestampTz('link_issued_at').notNull().defaultNow(),
    respondedAt: timestampTz('responded_at'),
    acceptedByAccountId: uuid('accepted_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_org_created_idx').on(t.orgId, t.createdAt),
    index('invitations_created_idx').on(t.createdAt),
    uniqueIndex('invitations_one_pending_per_email')
      .on(t.orgId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const claimStatusEnum = pgEnum('claim_status', ['pending', 'claimed', 'revoked']);

/**
 * A lifetime-membership claim link issued by the app admin for an email. Once claimed it is bound
 * to one account for good. Platform-level (no tenant), so it carries an org only when issued for one.
 */
export const lifetimeClaims = pgTable(
  'lifetime_claims',
  {
    id: id(),
    email: text('email').notNull(),
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    status: claimStatusEnum('status').notNull().default('pending'),
    mailStatus: mailStatusEnum('mail_status').notNull().default('queued'),
    issuedByAccountId: uuid('issued_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    claimedByAccountId: uuid('claimed_by_account_id').references(() => accounts.id, {
      onDelete: 'restrict',
    }),
    claimedAt: timestampTz('claimed_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    transferable: boolean('transferable').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lifetime_claims_token_hash_key').on(t.tokenHash),
    uniqueIndex('lifetime_claims_claimed_by_key').on(t.claimedByAccountId),
    index('lifetime_claims_email_idx').on(sql`lower(${t.email})`),
    index('lifetime_claims_created_idx').on(t.createdAt),
  ],
);
