import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MySession,
  MySessionParams,
  MySessionQuery,
  MySessionsQuery,
  MySessionsResponse,
  UpdateMySessionBody,
} from '@resonant/contracts/my-sessions';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import {
  deleteMySessionOf,
  getMySession,
  listMySessions,
  updateMySession,
} from './my-sessions.service.ts';

const tags = ['my sessions'];
// A member's own data: every role holding it has it with or without an organisation.
const read = { permission: 'own-data.manage', tokenScope: 'readings:read' } as const;
const write = { permission: 'own-data.manage', tokenScope: 'readings:write' } as const;

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/sessions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Your breathing sessions',
        description:
          'Your biofeedback, mindfulness and self-compassion sessions, whichever organisation ' +
          'they were recorded in, newest first: `limit` at a time, the next page with ' +
          '`cursor` = the `nextCursor` of the previous one (null on the last). `kind`, `tag`, ' +
          '`from` (inclusive) and `to` (exclusive) narrow them; an unknown tag answers 400.',
        querystring: MySessionsQuery,
        response: { 200: MySessionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMySessions(deps, request.scope, request.query),
  );

const getRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/sessions/:sessionId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One of your breathing sessions',
        description:
          'The session with its averages, breathing settings, per-minute results and ' +
          'optimal-zone samples and figures; with `include=rr` also its raw RR intervals. 404 ' +
          'for an id that is not one of your sessions.',
        params: MySessionParams,
        querystring: MySessionQuery,
        response: { 200: MySession, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getMySession(deps, request.scope, request.params.sessionId, request.query.include === 'rr'),
  );

const updateRoute: Route<AppDeps> = (app, deps) =>
  app.patch(
    '/api/v1/sessions/:sessionId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change the tags or note of one of your sessions',
        description:
          '`tags` replaces the tags (ids offered to the organisation the session was recorded ' +
          'in); `note` sets the note, null or empty clears it. Answers the session.',
        params: MySessionParams,
        body: UpdateMySessionBody,
        response: { 200: MySession, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateMySession(deps, request.scope, request.params.sessionId, request.body),
  );

const deleteRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/v1/sessions/:sessionId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete one of your sessions',
        description:
          'Deletes the session with its per-minute results, optimal-zone samples and tags; its ' +
          "organisation's activity figures stop counting it at once.",
        params: MySessionParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteMySessionOf(deps, request.scope, request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

/** The member's own breathing sessions (issue 28): list, read, change tags and note, delete. */
export const mySessionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute, getRoute, updateRoute, deleteRoute]);
};
