import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';

/** The audit actions that are someone reading or exporting a member's health data. */
const ACCESS_ACTIONS = ['health-data.read', 'health-data.export'];

/**
 * One page of the reads and exports of `accountId`'s data, newest first (index
 * audit_log_target_created_idx), starting after the row `cursor` when given; `limit` + 1 rows are
 * asked for so the caller knows whether another page follows. The cursor row must be one of the
 * member's own, or the page is empty.
 */
export async function selectAccessPage(
  db: Database,
  accountId: string,
  page: { cursor: string | null; limit: number },
) {
  const mine = and(eq(auditLog.targetType, 'account'), eq(auditLog.targetId, accountId));
  const after = page.cursor
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (
        select cursor_row.created_at, cursor_row.id from ${auditLog} as cursor_row
        where cursor_row.id = ${page.cursor} and cursor_row.target_type = 'account'
          and cursor_row.target_id = ${accountId})`
    : undefined;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      orgName: auditLog.orgName,
      actorAccountId: auditLog.actorAccountId,
      actorPseudonym: auditLog.actorPseudonym,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.accountId, auditLog.actorAccountId))
    .where(and(mine, inArray(auditLog.action, ACCESS_ACTIONS), after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit + 1);
}

export type AccessRow = Awaited<ReturnType<typeof selectAccessPage>>[number];
