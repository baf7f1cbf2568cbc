import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

export type AuditEntry = {
  orgId?: string | null;
  actorAccountId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/** Appends to the audit log; pass the transaction when the change itself runs in one. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
