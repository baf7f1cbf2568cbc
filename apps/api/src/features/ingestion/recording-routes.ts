import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { BATCH_BODY_LIMIT_BYTES } from '@resonant/contracts/readings';
import type { AppDeps } from '../../app-deps.ts';
import { requireOrg } from '../../kernel/scope.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { HrvAnalyser } from '../../lib/hrv-pool.ts';
import { batchAnswer } from './batch-plan.ts';
import {
  ingestBatch,
  ingestDepsOf,
  ingestOne,
  type AnalysedRecording,
  type IngestionKind,
} from './ingest-batch.ts';

/** What the ingestion routes need: the app's, and the HRV pool the analyses run on. */
export type IngestionRouteDeps = AppDeps & { hrv: HrvAnalyser };

type RouteText = { summary: string; description: string };

/**
 * A kind's two ingestion routes: POST `path` stores one recording, POST `path`/batch a list under
 * the body's `entries` key, each result naming the recording `name`.
 */
export type RecordingRoutes<A extends AnalysedRecording, S, P, Key extends string> = {
  kind: IngestionKind<A, S, P>;
  path: string;
  name: string;
  single: RouteText & { bodyLimit: number; body: z.ZodType; response: z.ZodType };
  batch: RouteText & {
    entries: Key;
    body: z.ZodType<Record<Key, readonly unknown[]>>;
    response: z.ZodType;
  };
};

/** The single and batch routes of one kind of recording (DESIGN §3, /api/v1). */
export function recordingRoutes<A extends AnalysedRecording, S, P, Key extends string>({
  kind,
  path,
  name,
  single,
  batch,
}: RecordingRoutes<A, S, P, Key>): FastifyPluginAsyncZod<IngestionRouteDeps> {
  return async (app, deps) => {
    const { clock } = deps;
    const ingest = ingestDepsOf(deps);

    app.post(
      path,
      {
        bodyLimit: single.bodyLimit,
        config: { permission: 'readings.write', context: 'org', tokenScope: 'readings:write' },
        schema: {
          tags: ['ingestion'],
          summary: single.summary,
          description: single.description,
          body: single.body,
          response: {
            200: single.response,
            201: single.response,
            ...errorResponses(400, 401, 403, 413),
          },
        },
      },
      async (request, reply) => {
        const scope = requireOrg(request.scope);
        const outcome = await ingestOne(kind, ingest, scope, request.body, clock());
        return reply.status(outcome.status === 'created' ? 201 : 200).send(outcome.recording);
      },
    );

    app.post(
      `${path}/batch`,
      {
        bodyLimit: BATCH_BODY_LIMIT_BYTES,
        config: { permission: 'readings.write', context: 'org', tokenScope: 'readings:write' },
        schema: {
          tags: ['ingestion'],
          summary: batch.summary,
          description: batch.description,
          body: batch.body,
          response: { 200: batch.response, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request) => {
        const scope = requireOrg(request.scope);
        // What batch.body parsed; the type provider cannot resolve a generic schema's type.
        const body = request.body as Record<Key, readonly unknown[]>;
        const entries = body[batch.entries];
        return batchAnswer(await ingestBatch(kind, ingest, scope, entries, clock()), name);
      },
    );
  };
}
