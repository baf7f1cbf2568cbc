import { eq, sql } from 'drizzle-orm';
import type { UserProfile } from '@resonant/contracts/profile';
import type { Database } from '../db/client.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { groups, organisations } from '../db/schema/organisations.ts';
import { adminSecondFactorMissing } from './admin-second-factor.ts';
import type { Context, ContextType } from './policies.ts';

/**
 * The signed-in user as SPEC §3 "User profile", in the context the server resolved for them: one
 * statement (the account, its profile and the names of the context's org and group).
 */
export async function loadUserProfile(
  db: Database,
  accountId: string,
  context: Context,
): Promise<UserProfile> {
  const [row] = await db
    .select({
      email: accounts.email,
      emailVerifiedAt: accounts.emailVerifiedAt,
      passwordTemporary: accounts.passwordTemporary,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      orgName: organisations.name,
      domainName: organisations.uniqueName,
      groupName: groups.name,
      mfaEnabledAt: accounts.totpEnabledAt,
      orgRequiresAdminMfa: organisations.requireAdminMfa,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(organisations, context.orgId ? eq(organisations.id, context.orgId) : sql`false`)
    .leftJoin(groups, context.groupId ? eq(groups.id, context.groupId) : sql`false`)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`Account ${accountId} has no profile`);
  return {
    user_id: accountId,
    user_type: context.role,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    current_org_id: context.orgId,
    current_group_id: context.groupId,
    domainname: row.domainName,
    birth_date: row.birthDate,
    gender: row.gender,
    org_id: context.orgId,
    org_name: row.orgName,
    group_name: row.groupName,
    emailVerified: row.emailVerifiedAt !== null,
    mfaEnabled: row.mfaEnabledAt !== null,
    mfaSetupRequired: adminSecondFactorMissing(context, {
      enabled: row.mfaEnabledAt !== null,
      requiredByOrgIds: row.orgRequiresAdminMfa && context.orgId ? [context.orgId] : [],
    }),
    passwordChangeRequired: row.passwordTemporary,
  };
}

/**
 * Stores an account's current context (already checked against its memberships, or just joined):
 * the server still re-checks it on every request.
 */
export async function saveCurrentContext(
  db: Database,
  accountId: string,
  context: { orgId: string | null; groupId: string | null; type: ContextType },
  at: Date,
) {
  await db
    .update(profiles)
    .set({
      currentOrgId: context.orgId,
      currentGroupId: context.groupId,
      currentType: context.type,
      updatedAt: at,
    })
    .where(eq(profiles.accountId, accountId));
}

/** The account's email (stored lower-cased): links are accepted only by the account they name. */
export async function loadAccountEmail(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`Account ${accountId} not found`);
  return row.email.toLowerCase();
}
