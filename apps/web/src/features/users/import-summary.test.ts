import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary.ts';

describe('importSummary', () => {
  it('names only what happened', () => {
    expect(importSummary({ created: 3, added: 0, skipped: 0, failedCount: 0, failed: [] })).toBe(
      '3 users created.',
    );
    expect(importSummary({ created: 1, added: 1, skipped: 2, failedCount: 1, failed: [] })).toBe(
      '1 user created, 1 existing account added, 2 already members (skipped), 1 row failed.',
    );
    expect(importSummary({ created: 0, added: 2, skipped: 1, failedCount: 4, failed: [] })).toBe(
      '0 users created, 2 existing accounts added, 1 already a member (skipped), 4 rows failed.',
    );
  });
});
