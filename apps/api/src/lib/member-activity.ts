import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orgMemberships } from '../db/schema/organisations.ts';
import type { OrgScope } from '../auth/scope.ts';

/** What a member last did in the app: a reading kind or a session type, as stored. */
export type ActivityType =
  'morning' | 'anytime' | 'biofeedback' | 'mindfulness' | 'self_compassion';

/**
 * Moves the member's last activity (the Users table's "Last activity" columns) to this recording
 * when it is newer than the one recorded; an older recording uploaded late leaves it as it is.
 */
export async function recordMemberActivity(
  db: Database,
  scope: OrgScope,
  at: Date,
  type: ActivityType,
): Promise<void> {
  await db
    .update(orgMemberships)
    .set({ lastActivityAt: at, lastActivityType: type })
    .where(
      and(
        eq(orgMemberships.orgId, scope.orgId),
        eq(orgMemberships.accountId, scope.accountId),
        or(isNull(orgMemberships.lastActivityAt), lt(orgMemberships.lastActivityAt, at)),
      ),
    );
}
