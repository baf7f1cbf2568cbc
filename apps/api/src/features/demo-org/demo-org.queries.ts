import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organisations } from '../../db/schema/organisations.ts';

/** The demo organisation, once its seed is whole (organisations.demo_seeded_at), or null. */
export async function findDemoOrgId(db: Database): Promise<string | null> {
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.isDemo, true), isNotNull(organisations.demoSeededAt)))
    .limit(1);
  return org?.id ?? null;
}

/** The job of `kind` queued or running for the organisation, if there is one. */
export async function findUnfinishedJob(
  db: Database,
  kind: string,
  orgId: string,
): Promise<string | null> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.kind, kind), eq(jobs.orgId, orgId), inArray(jobs.status, ['queued', 'running'])),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return job?.id ?? null;
}

/** A job of `kind` with its status and progress, or null (another kind's id is not found). */
export async function findJobOfKind(db: Database, kind: string, jobId: string) {
  const [job] = await db
    .select({ id: jobs.id, status: jobs.status, progress: jobs.progress })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.kind, kind)));
  return job ?? null;
}
