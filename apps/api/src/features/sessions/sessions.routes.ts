import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@resonant/contracts/errors';
import { CreateSessionBody, HrvSession } from '@resonant/contracts/sessions';
import type { AppDeps } from '../../app-deps.ts';
import { requireOrg } from '../../auth/scope.ts';
import { ingestSession } from './ingest-session.ts';

/** Room for a day-long series (200,000 intervals) and its optimal-zone samples as JSON. */
const SESSION_BODY_LIMIT = 8 * 1024 * 1024;

/** Ingestion of breathing sessions by the mobile app and integrations (DESIGN §3, /api/v1). */
export const sessionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/v1/sessions',
    {
      bodyLimit: SESSION_BODY_LIMIT,
      config: { permission: 'readings.write', context: 'org' },
      schema: {
        tags: ['ingestion'],
        summary: 'Store a breathing session',
        description:
          'Stores one biofeedback, mindfulness or self-compassion session of the signed-in ' +
          'member in their current organisation, with the per-minute results (`results`), the ' +
          'session averages and, when optimal-zone samples are sent, `ozSesAvgPercentage` and ' +
          '`optimalZoneSessionAverage` (null without samples). `ozValues`: `{oz, ts}` samples ' +
          '(biofeedback) or plain scores with `reportStartTime` (mindfulness). 201 when stored; ' +
          '200 with the first result when this account already sent the same `clientId`. Every ' +
          'problem answers 400 naming it, a body over ' +
          `${SESSION_BODY_LIMIT / 1024 / 1024} MB 413; nothing is stored then.`,
        body: CreateSessionBody,
        response: {
          200: HrvSession,
          201: HrvSession,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          413: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const scope = requireOrg(request.scope);
      const outcome = await ingestSession(db, scope, request.body, clock());
      return reply.status(outcome.status === 'created' ? 201 : 200).send(outcome.session);
    },
  );
};
