import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { organisations } from '../db/schema/organisations.ts';

/**
 * Appends one row to the audit log, in the transaction given when there is one. The
 * organisation's name is copied into the row by the same statement, so the row still says where it
 * happened once the organisation is deleted (its `org_id` is then set null).
 */
export async function insertAuditRow(
  tx: Database,
  row: Omit<typeof auditLog.$inferInsert, 'orgName'>,
): Promise<void> {
  const orgName = row.orgId
    ? sql`(${tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, row.orgId))})`
    : null;
  await tx.insert(auditLog).values({ ...row, orgName });
}
