import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

/** Appends one row to the audit log, in the transaction given when there is one. */
export async function insertAuditRow(
  tx: Database,
  row: typeof auditLog.$inferInsert,
): Promise<void> {
  await tx.insert(auditLog).values(row);
}
