import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEMBER_READINGS_MAX_LIMIT,
  MemberReadingsQuery,
  MemberReadingsResponse,
  RawDataParams,
  RawDataQuery,
  RawDataResponse,
  SESSION_HISTORY_MAX_LIMIT,
  SESSION_HISTORY_PAGE_SIZE,
  SelectedHistoryQuery,
  SelectedHistoryResponse,
  SessionsAllTimeQuery,
  SessionsAllTimeResponse,
} from '@resonant/contracts/reports';
import { ReadingsCsvQuery, SessionsCsvQuery } from '@resonant/contracts/reports-csv';
import type { AppDeps } from '../../app-deps.ts';
import { readingsCsv, sessionsCsv } from './reports-csv.ts';
import { CsvFile, sendCsv } from '../../lib/csv-download.ts';
import { listReadingsOfMember } from './reading-history.service.ts';
import { rawSessionData, selectedHistory, sessionsAllTime } from './session-history.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const config = { permission: 'reports.read', context: 'org' } as const;

const REACH =
  'A member of your current group, or, acting as org admin, of your organisation; anyone ' +
  'else answers 404.';
const RANGE =
  '`from` and `to` bound the time (ISO 8601 with offset, or a date read in the ' +
  'organisation’s time zone, `to` inclusive).';

const listReadingsOfMemberRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/user/rmssd',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: "A member's readings",
        description:
          `Readings of one member, newest first. ${REACH} ${RANGE} ` +
          '`reading_taken_time` keeps those taken until 12:00 or after 12:00 in the ' +
          'organisation’s time zone, by the minute (12:00 in both); `tag_ids` those carrying ' +
          'one of the tags; `chart_data_group_by=average` makes one row per day (the mean of its good ' +
          'readings, or of its low-quality ones when it has none). ' +
          `\`limit\` (1-${MEMBER_READINGS_MAX_LIMIT}, default ${MEMBER_READINGS_MAX_LIMIT}) ` +
          'and `offset` page the rows, `noOfRows` counts them. `reading_result` places a good ' +
          "row against the member's normal range on its day; `normal_range` lists the range's " +
          'days with a baseline or normal range.',
        querystring: MemberReadingsQuery,
        response: { 200: MemberReadingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listReadingsOfMember(deps, request.scope, request.query),
  );

const selectedHistoryRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/selected-history',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: "A member's sessions of a type",
        description:
          `Sessions of one member (\`type=exercise\`: biofeedback), newest first, each with its ` +
          `per-minute results, averages, breathing settings and tags. ${REACH} ${RANGE} ` +
          `\`limit\` (1-${SESSION_HISTORY_MAX_LIMIT}, default ${SESSION_HISTORY_PAGE_SIZE}) and ` +
          '`offset` page them; `allTimeOzPercentage` is the mean optimal-zone percentage of all ' +
          'their sessions of the type.',
        querystring: SelectedHistoryQuery,
        response: { 200: SelectedHistoryResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => selectedHistory(deps, request.scope, request.query),
  );

const sessionsAllTimeRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/hrv_analytics/biofeedback/all-time',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: "A member's session figures over a range",
        description:
          `Every session of one member of a type in the range (all time without one), oldest ` +
          `first, with their count, minutes, optimal-zone percentage and the means of the ` +
          `good-quality ones. ${REACH} ${RANGE}`,
        querystring: SessionsAllTimeQuery,
        response: { 200: SessionsAllTimeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => sessionsAllTime(deps, request.scope, request.query),
  );

const rawSessionDataRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/raw-data/:sessionId',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: "A session's raw optimal-zone data",
        description:
          `The optimal-zone samples the app recorded during one session of the member \`user_id\` ` +
          `(empty when Optimal Zone was off). ${REACH} A session that is not theirs answers 404.`,
        params: RawDataParams,
        querystring: RawDataQuery,
        response: { 200: RawDataResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      rawSessionData(deps, request.scope, request.params.sessionId, request.query.user_id),
  );

const readingsCsvRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/reports/readings.csv',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: 'Download readings as CSV',
        description:
          'The readings history of the picked members (`members=picked`, `user_ids`) or of every ' +
          'member you reach (`members=all`), member after member, oldest first, with the filters ' +
          'and grouping of GET /api/user/rmssd. A picked member outside your reach answers 404 ' +
          'before anything is sent.',
        querystring: ReadingsCsvQuery,
        response: { 200: CsvFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendCsv(reply, await readingsCsv(deps, request.scope, request.query)),
  );

const sessionsCsvRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/reports/sessions.csv',
    {
      config,
      schema: {
        tags: ['reports'],
        summary: 'Download sessions as CSV',
        description:
          'The sessions of a type of the picked members (`members=picked`, `user_ids`) or of ' +
          'every member you reach (`members=all`), one row per session, oldest first. A picked ' +
          'member outside your reach answers 404 before anything is sent.',
        querystring: SessionsCsvQuery,
        response: { 200: CsvFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendCsv(reply, await sessionsCsv(deps, request.scope, request.query)),
  );

/**
 * Reports (SPEC §2, §7): one member's readings and sessions over a range, a session's raw
 * optimal-zone data, and the CSV downloads. Every history read of the app is here.
 */
export const reportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [
    listReadingsOfMemberRoute,
    selectedHistoryRoute,
    sessionsAllTimeRoute,
    rawSessionDataRoute,
    readingsCsvRoute,
    sessionsCsvRoute,
  ]);
};
