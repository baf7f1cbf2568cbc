/** What the reports share: the range bounds, the member in reach, the offered tags, the measures. */
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { requireReach, type ReachScope, type TenantScope } from '../../kernel/scope.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { resolveOfferedTags } from '../../lib/offered-tags.ts';
import { findMemberWithin, type RangeBound } from './reports.queries.ts';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// An instant goes to the database in UTC: its own offset may be one PostgreSQL refuses (+16:00).
export const toBound = (value: string | undefined): RangeBound | undefined =>
  value === undefined
    ? undefined
    : DAY_ONLY.test(value)
      ? { day: value }
      : { instant: new Date(value).toISOString() };

/** The reach of the caller, or 404 USER_NOT_FOUND_MESSAGE when the member is outside it. */
export async function memberInReach(db: Database, scope: TenantScope, userId: string) {
  const reach = requireReach(scope);
  const member = await findMemberWithin(db, reach, userId);
  if (!member) throw notFound(USER_NOT_FOUND_MESSAGE);
  return { reach, member };
}

/** The filter's tag ids, each checked against the organisation's offer (else 400 Unknown tag). */
export async function offeredTagIds(
  db: Database,
  reach: ReachScope,
  ids: readonly string[] | undefined,
): Promise<string[]> {
  return (await resolveOfferedTags(db, reach, ids)).map((tag) => tag.id);
}
