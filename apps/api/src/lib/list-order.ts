import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@resonant/contracts/fields';

/**
 * The ORDER BY keys of a list sorted by one of its columns (every sorted list: users,
 * invitations, the trend tables): the column's keys in the requested direction, rows without a
 * value last either way, then the list's own order, which ends with an id so pages never overlap.
 * `sort` has been checked against the list's enum, so only these fragments reach the SQL.
 */
export function listOrder<Sort extends string>(
  request: { sort?: Sort; order: SortOrder },
  sortKeys: Record<Sort, readonly SQL[]>,
  ownOrder: readonly SQL[],
): SQL[] {
  const direction = request.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const chosen = request.sort ? sortKeys[request.sort].map((key) => sql`${key} ${direction}`) : [];
  return [...chosen, ...ownOrder];
}
