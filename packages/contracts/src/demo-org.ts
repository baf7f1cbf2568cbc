import { z } from 'zod';
import { Id } from './fields.ts';

// The string the spec gives (SPEC §8), used verbatim.
export const DEMO_ORG_UPDATED_MESSAGE = 'Demo org updated successfully.';

// Messages the spec leaves to us.
export const DEMO_ORG_UPDATE_STARTED_MESSAGE = 'Updating the demo org data';
export const DEMO_ORG_NOT_FOUND_MESSAGE = 'There is no demo organization to update';
export const DEMO_ORG_UPDATE_FAILED_MESSAGE = 'The demo org data could not be updated';
export const DEMO_ORG_UPDATE_NOT_FOUND_MESSAGE = 'Demo org update not found';

/**
 * GET /api/org/update-demo-org (SPEC §7): queues the refresh of Demo Org's recordings up to today
 * as a job (or answers the one already queued or running) and returns it to follow.
 */
export const DemoOrgUpdateStarted = z.object({ message: z.string(), job_id: z.string() });
export type DemoOrgUpdateStarted = z.infer<typeof DemoOrgUpdateStarted>;

/** GET /api/org/update-demo-org/progress?jobId. */
export const DemoOrgProgressQuery = z.object({ jobId: Id('jobId') });
export type DemoOrgProgressQuery = z.infer<typeof DemoOrgProgressQuery>;

/**
 * Where the refresh is: `done` of `total` recordings stored (total 0 until counted). `message`
 * is DEMO_ORG_UPDATED_MESSAGE when done, the reason when failed, else null.
 */
export const DemoOrgProgress = z.object({
  job_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  message: z.string().nullable(),
});
export type DemoOrgProgress = z.infer<typeof DemoOrgProgress>;
