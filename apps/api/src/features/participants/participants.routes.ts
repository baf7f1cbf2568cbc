import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@resonant/contracts/errors';
import {
  MEMBER_READINGS_MAX_LIMIT,
  MemberReadingsQuery,
  MemberReadingsResponse,
  ParticipantsQuery,
  ParticipantsResponse,
} from '@resonant/contracts/participants';
import type { AppDeps } from '../../app-deps.ts';
import { listParticipants, listReadingsOfMember } from './participants.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
};

/** The group area's users and their readings (SPEC §2 Group area, §7 Groups and Readings). */
export const participantsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/group/participants',
    {
      config: { permission: 'group.participants.manage' },
      schema: {
        tags: ['group area'],
        summary: 'Users of your current group',
        description:
          'The members of the group you act in (group admin, or org admin switched into it), ' +
          'sorted by name, each with the group-admin flag, their newest reading and their ' +
          'all-time mean RMSSD of good-quality readings (`avg_rmssd`, null unless `rmssd=true`).',
        querystring: ParticipantsQuery,
        response: { 200: ParticipantsResponse, ...errors },
      },
    },
    async (request) => ({
      list: await listParticipants(db, request.scope, request.query.rmssd),
    }),
  );

  app.get(
    '/api/user/rmssd',
    {
      config: { permission: 'reports.read' },
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
    async (request) => listReadingsOfMember(db, request.scope, request.query),
  );
};
