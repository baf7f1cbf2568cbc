import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, timestampTz } from './columns.ts';

export const orgRoleEnum = pgEnum('org_role', ['admin', 'member']);
export const payerEnum = pgEnum('payer', ['org', 'user']);

/** The index that keeps unique names unique, whatever their case: its violation means "name taken". */
export const ORGANISATION_UNIQUE_NAME_INDEX = 'organisations_unique_name_key';

/** A customer organisation: the tenant. `time_zone` is an IANA name used for "yesterday". */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    uniqueName: text('unique_name').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    active: boolean('active').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set in the transaction that seeds the demo; a demo organisation without it is partial. */
    demoSeededAt: timestampTz('demo_seeded_at'),
    billingEmail: text('billing_email'),
    /** Its org admins and group admins must use a second factor (TOTP) to act in it. */
    requireAdminMfa: boolean('require_admin_mfa').notNull().default(false),
    /**
     * The day billing began; every period starts a whole number of months after it, so a start on
     * the 31st bills on the last day of shorter months without drifting. A new organisation starts
     * on the day it is made, in UTC whatever the session's time zone; the current period is
     * [previous_billing_date, next_billing_date).
     */
    billingStartDate: date('billing_start_date', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
    previousBillingDate: date('previous_billing_date', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
    nextBillingDate: date('next_billing_date', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'utc')::date + interval '1 month')::date`),
    /** The organisation's customer at `billing_customer_provider`, made on its first need. */
    billingCustomerId: text('billing_customer_id'),
    /**
     * The provider that made `billing_customer_id` (`local` or `stripe`): to another provider the
     * organisation has no customer yet, so moving from test mode to Stripe makes a new one.
     */
    billingCustomerProvider: text('billing_customer_provider'),
    defaultPaymentMethodId: uuid('default_payment_method_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex(ORGANISATION_UNIQUE_NAME_INDEX).on(sql`lower(${t.uniqueName})`),
    // A webhook names the customer: which organisation's card it is.
    index('organisations_billing_customer_idx').on(t.billingCustomerId),
  ],
);

/** The `org_id` of a tenant-owned row: required, and deleted with its organisation. */
export const tenantId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/** A group inside an organisation; every organisation has one named `Default` (is_default). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    orgId: tenantId(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('groups_org_name_key').on(t.orgId, sql`lower(${t.name})`),
    uniqueIndex('groups_one_default_per_org')
      .on(t.orgId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Membership of an account in an organisation: its role there, who pays its seat, and whether it
 * is external (a user of another organisation made admin here by the app admin).
 */
export const orgMemberships = pgTable(
  'org_memberships',
  {
    id: id(),
    orgId: tenantId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: orgRoleEnum('role').notNull().default('member'),
    payer: payerEnum('payer').notNull().default('org'),
    isExternal: boolean('is_external').notNull().default(false),
    lifetime: boolean('lifetime').notNull().default(false),
    lastActivityAt: timestampTz('last_activity_at'),
    lastActivityType: text('last_activity_type'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('org_memberships_org_account_key').on(t.orgId, t.accountId),
    index('org_memberships_account_idx').on(t.accountId),
  ],
);

/** Membership of an account in a group; `is_admin` makes it a group admin of that group. */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: id(),
    orgId: tenantId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_memberships_group_account_key').on(t.groupId, t.accountId),
    index('group_memberships_org_account_idx').on(t.orgId, t.accountId),
  ],
);
