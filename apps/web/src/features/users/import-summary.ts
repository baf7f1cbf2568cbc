import type { ImportUsersResponse } from '@resonant/contracts/org-users';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One sentence on what an import did, e.g. "3 users created, 1 row failed." */
export function importSummary(data: ImportUsersResponse['data']): string {
  const parts = [count(data.created, 'user created', 'users created')];
  if (data.added > 0)
    parts.push(count(data.added, 'existing account added', 'existing accounts added'));
  if (data.skipped > 0) {
    parts.push(count(data.skipped, 'already a member (skipped)', 'already members (skipped)'));
  }
  if (data.failedCount > 0) parts.push(count(data.failedCount, 'row failed', 'rows failed'));
  return `${parts.join(', ')}.`;
}
