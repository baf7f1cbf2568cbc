import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary.ts';

describe('importSummary', () => {
  it('names only what happened', () => {
    expect(importSummary({ invited: 3, skipped: 0, failedCount: 0, failed: [] })).toBe(
      '3 users invited.',
    );
    expect(importSummary({ invited: 1, skipped: 2, failedCount: 1, failed: [] })).toBe(
      '1 user invited, 2 already members or invited (skipped), 1 row failed.',
    );
    expect(importSummary({ invited: 0, skipped: 1, failedCount: 4, failed: [] })).toBe(
      '0 users invited, 1 already a member or invited (skipped), 4 rows failed.',
    );
  });
});
