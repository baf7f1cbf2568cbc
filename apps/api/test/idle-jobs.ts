import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';

/** Waits (up to 10 s) until no job is queued or running. */
export async function waitForIdleJobs(db: Database): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(inArray(jobs.status, ['queued', 'running']))
        ).length,
      { timeout: 10_000 },
    )
    .toBe(0);
}
