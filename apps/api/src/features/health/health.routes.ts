import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@resonant/contracts/health';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from './health.queries.ts';

/** GET /api/health: liveness plus which database engine serves this process. */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, databaseKind }) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: databaseKind };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: databaseKind });
      }
    },
  );
};
