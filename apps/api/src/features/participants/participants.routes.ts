import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  AddParticipantsBody,
  ParticipantsQuery,
  ParticipantsResponse,
  RemoveParticipantQuery,
} from '@resonant/contracts/participants';
import type { AppDeps } from '../../app-deps.ts';
import { addParticipants, listParticipants, removeParticipant } from './participants.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const listParticipantsRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/group/participants',
    {
      config: { permission: 'group.participants.manage', context: 'group' },
      schema: {
        tags: ['group area'],
        summary: 'Users of your current group',
        description:
          'The members of the group you act in (group admin, or org admin switched into it), ' +
          'sorted by name: each as GET /api/org/users shows a member, with the group-admin ' +
          'flag, their newest reading and their all-time mean RMSSD of good-quality readings ' +
          '(`avg_rmssd`, null unless `rmssd=true`).',
        querystring: ParticipantsQuery,
        response: { 200: ParticipantsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      list: await listParticipants(deps, request.scope, request.query),
    }),
  );

const addParticipantsRoute: Route<AppDeps> = (app, deps) =>
  app.put(
    '/api/group/participants',
    {
      config: { permission: 'group.participants.manage', context: 'group' },
      schema: {
        tags: ['group area'],
        summary: 'Add users to your current group',
        description:
          'Members of your organisation join the group you act in, as members (not admins); ' +
          'those already in it stay as they are. Any id that is not a member of the organisation ' +
          'answers 404 and nothing is added; the Default group answers 403 (everyone is in it).',
        body: AddParticipantsBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => addParticipants(deps, request.scope, request.body),
  );

const removeParticipantRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/group/participants',
    {
      config: { permission: 'group.participants.manage', context: 'org' },
      schema: {
        tags: ['group area'],
        summary: 'Remove a user from a group',
        description:
          'Takes the user out of the group; they stay in the organisation and its Default ' +
          'group, with their readings. A group admin (or an org admin switched into a group) ' +
          'removes from the current group only, an org admin acting as org from any group of ' +
          'the organisation; another group, or a user not in it, answers 404. Refused with 403: ' +
          'the Default group, yourself, and a group admin (take the admin role away first).',
        querystring: RemoveParticipantQuery,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeParticipant(deps, request.scope, request.query),
  );

/** The group area's users (SPEC §2 Group area, §7 Groups). */
export const participantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listParticipantsRoute, addParticipantsRoute, removeParticipantRoute]);
};
