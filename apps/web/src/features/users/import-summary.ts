import type { ImportUsersResponse } from '@resonant/contracts/org-users';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * One sentence on what an import did, e.g. "3 users invited, 1 row failed." Everyone is invited
 * alike: the answer never tells which emails had accounts (issue 27).
 */
export function importSummary(data: ImportUsersResponse['data']): string {
  const parts = [count(data.invited, 'user invited', 'users invited')];
  if (data.skipped > 0) {
    parts.push(
      count(
        data.skipped,
        'already a member or invited (skipped)',
        'already members or invited (skipped)',
      ),
    );
  }
  if (data.failedCount > 0) parts.push(count(data.failedCount, 'row failed', 'rows failed'));
  return `${parts.join(', ')}.`;
}
