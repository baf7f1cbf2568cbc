import { sql } from 'drizzle-orm';
import type { OrgUser } from '@resonant/contracts/org-users';
import { canEditAccountProfile } from '@resonant/contracts/org-users-policies';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { groupMemberships, orgMemberships } from '../db/schema/organisations.ts';

/**
 * The columns of SPEC §3 "Org user row", for a query over org_memberships joined to accounts and
 * profiles. The users list and the group area's list both show members this way.
 */
export const orgUserColumns = {
  userId: accounts.id,
  email: accounts.email,
  createdAt: accounts.createdAt,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  birthDate: profiles.birthDate,
  gender: profiles.gender,
  lastActivityAt: orgMemberships.lastActivityAt,
  lastActivityType: orgMemberships.lastActivityType,
  payer: orgMemberships.payer,
  isExternal: orgMemberships.isExternal,
  createdByOrgId: accounts.createdByOrgId,
  /** The person has signed in to the account: its profile is theirs alone. */
  claimed: sql<boolean>`${accounts.lastSignInAt} is not null`,
  /** The highest role in the organisation: org admin, group admin of any group, or member. */
  highestRole: sql<'org' | 'group' | 'user'>`case
    when ${orgMemberships.role} = 'admin' then 'org'
    when exists (
      select 1 from ${groupMemberships} as admin_of
      where admin_of.org_id = ${orgMemberships.orgId}
        and admin_of.account_id = ${orgMemberships.accountId}
        and admin_of.is_admin
    ) then 'group'
    else 'user' end`,
};

export type OrgUserColumns = {
  userId: string;
  email: string;
  createdAt: Date | null;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  gender: OrgUser['gender'];
  lastActivityAt: Date | null;
  lastActivityType: string | null;
  payer: 'org' | 'user';
  isExternal: boolean;
  createdByOrgId: string | null;
  claimed: boolean;
  highestRole: OrgUser['user_highest_role'];
};

/** A row of `orgUserColumns` as the API answers it to `viewer`, in the organisation `orgId`. */
export function presentOrgUser(
  row: OrgUserColumns,
  viewer: { orgId: string; accountId: string },
): OrgUser {
  return {
    user_id: row.userId,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    first_name: row.firstName,
    last_name: row.lastName,
    birth_date: row.birthDate,
    gender: row.gender,
    email: row.email,
    last_activity_date: row.lastActivityAt?.toISOString() ?? null,
    last_activity_type: row.lastActivityType,
    user_highest_role: row.highestRole,
    created_at: row.createdAt?.toISOString() ?? null,
    subscription_payer: row.payer === 'user' ? 'External' : 'Org',
    is_solo: row.payer === 'user',
    is_external: row.isExternal,
    profile_editable: canEditAccountProfile({
      isOwner: row.userId === viewer.accountId,
      createdByThisOrg: row.createdByOrgId === viewer.orgId,
      claimed: row.claimed,
    }),
  };
}
