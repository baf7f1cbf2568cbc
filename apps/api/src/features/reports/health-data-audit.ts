import type { Database } from '../../db/client.ts';
import { auditEach } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';

/** What was read: the report, and its range, type or session, as the request named them. */
export type HealthDataDetails = Record<string, string | undefined>;

/**
 * Records that the caller read (`health-data.read`) or exported (`health-data.export`) the health
 * data of these members: one audit row per member, in one statement, and none for the caller's
 * own data. Called once the members are known to be in reach, so a refused read records nothing.
 * Aggregates (dashboards of a group or an organisation) are not reads of one person's data. The
 * reader's role is kept with the row: the member's access log says who looked "as" what, and a
 * role changes later.
 */
export async function auditHealthData(
  db: Database,
  scope: TenantScope,
  action: 'health-data.read' | 'health-data.export',
  memberIds: readonly string[],
  details: HealthDataDetails,
): Promise<void> {
  const others = memberIds.filter((id) => id !== scope.accountId);
  const defined = Object.fromEntries(
    Object.entries({ ...details, role: scope.role }).filter((entry) => entry[1] !== undefined),
  );
  await auditEach(db, scope, action, others, defined);
}
