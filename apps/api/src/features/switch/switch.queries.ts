import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groups, organisations } from '../../db/schema/organisations.ts';
import type { TenantScope } from '../../kernel/scope.ts';

/** Names of the orgs and groups in the caller's memberships, and nothing else. */
export async function loadMembershipNames(db: Database, scope: TenantScope) {
  const orgIds = scope.memberships.orgs.map((org) => org.orgId);
  if (orgIds.length === 0)
    return { orgNames: new Map<string, string>(), groupNames: new Map<string, string>() };
  const groupIds = scope.memberships.orgs.flatMap((org) =>
    org.groups.map((group) => group.groupId),
  );
  const orgRows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, orgIds));
  const groupRows = groupIds.length
    ? await db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, groupIds))
    : [];
  return {
    orgNames: new Map(orgRows.map((row) => [row.id, row.name])),
    groupNames: new Map(groupRows.map((row) => [row.id, row.name])),
  };
}
