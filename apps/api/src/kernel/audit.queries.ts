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

/**
 * Appends one row per target in ONE statement, whatever their number (the ids travel as one json
 * parameter): a download of a thousand members' data is one insert, not a thousand.
 */
export async function insertAuditRows(
  tx: Database,
  rows: Omit<typeof auditLog.$inferInsert, 'orgName' | 'targetId'>,
  targetIds: readonly string[],
): Promise<void> {
  const orgName = rows.orgId
    ? sql`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${rows.orgId})`
    : sql`null`;
  await tx.execute(sql`
    insert into ${auditLog} (org_id, org_name, actor_account_id, action, target_type, target_id,
      details, ip)
    select ${rows.orgId ?? null}::uuid, ${orgName}, ${rows.actorAccountId ?? null}::uuid,
      ${rows.action}, ${rows.targetType}, target.id,
      ${rows.details === undefined ? null : JSON.stringify(rows.details)}::jsonb, ${rows.ip ?? null}
    from jsonb_array_elements_text(${JSON.stringify(targetIds)}::jsonb) as target(id)`);
}
