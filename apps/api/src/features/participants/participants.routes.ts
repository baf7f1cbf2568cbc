import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, MessageResponse } from '@resonant/contracts/errors';
import {
  AddParticipantsBody,
  ParticipantsQuery,
  ParticipantsResponse,
  RemoveParticipantQuery,
} from '@resonant/contracts/participants';
import {
  MEMBER_READINGS_MAX_LIMIT,
  MemberReadingsQuery,
  MemberReadingsResponse,
} from '@resonant/contracts/reports';
import type { AppDeps } from '../../app-deps.ts';
import {
  addParticipants,
  listParticipants,
  listReadingsOfMember,
  removeParticipant,
} from './participants.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
};

/** The group area's users and their readings (SPEC §2 Group area, §7 Groups and Readings). */
export const participantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
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
        response: { 200: ParticipantsResponse, ...errors },
      },
    },
    async (request) => ({
      list: await listParticipants(deps, request.scope, request.query),
    }),
  );

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
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => addParticipants(deps, request.scope, request.body),
  );

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
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeParticipant(deps, request.scope, request.query),
  );

  app.get(
    '/api/user/rmssd',
    {
      config: { permission: 'reports.read', context: 'org' },
      schema: {
        tags: ['group area'],
        summary: "A member's readings",
        description:
          'Readings of one member, newest first: a member of your current group, or, acting as ' +
          'org admin, of your organisation; anyone else answers 404. `from` and `to` bound the ' +
          'time (ISO 8601 with offset, or a date read in the organisation’s time zone, `to` ' +
          `inclusive); \`limit\` (1-${MEMBER_READINGS_MAX_LIMIT}, default ` +
          `${MEMBER_READINGS_MAX_LIMIT}) and \`offset\` page, \`noOfRows\` counts the range. ` +
          'Low-quality readings are listed with `quality: "low"`; they are left out of averages.',
        querystring: MemberReadingsQuery,
        response: { 200: MemberReadingsResponse, ...errors },
      },
    },
    async (request) => listReadingsOfMember(deps, request.scope, request.query),
  );
};
