import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DemoOrgProgress,
  DemoOrgProgressQuery,
  DemoOrgUpdateStarted,
} from '@resonant/contracts/demo-org';
import { demoOrgProgress, startDemoOrgUpdate, type DemoOrgDeps } from './demo-org.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const admin = { permission: 'admin.organizations.manage' } as const;
const tags = ['organizations'];

/** Update Demo Org Data (SPEC §7 "Organizations (app admin)"), a job followed by its progress. */
export const demoOrgRoutes: FastifyPluginAsyncZod<DemoOrgDeps> = async (app, deps) => {
  app.get(
    '/api/org/update-demo-org',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update Demo Org Data',
        description:
          "Queues the refresh of Demo Org's recordings up to now (new readings and sessions " +
          'since its last recorded day, stored through ingestion) and answers 202 with the job ' +
          'to follow; while one is queued or running it answers that one. 404 when there is no ' +
          'demo organization.',
        response: { 202: DemoOrgUpdateStarted, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const started = await startDemoOrgUpdate(deps, request.scope);
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/api/org/update-demo-org/progress',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Progress of an Update Demo Org Data job',
        description:
          '`done` of `total` recordings (total 0 until counted, and when there was nothing to ' +
          'add); `message` once done or failed. 404 for an unknown job id.',
        querystring: DemoOrgProgressQuery,
        response: { 200: DemoOrgProgress, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => demoOrgProgress(deps, request.scope, request.query),
  );
};
