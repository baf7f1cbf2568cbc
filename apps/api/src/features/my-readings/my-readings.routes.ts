import { CURSOR_PAGE_MAX } from '@resonant/contracts/cursor-paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MyReading,
  MyReadingParams,
  MyReadingQuery,
  MyReadingsCsvQuery,
  MyReadingsQuery,
  MyReadingsResponse,
  UpdateMyReadingBody,
} from '@resonant/contracts/my-readings';
import type { AppDeps } from '../../app-deps.ts';
import { CsvFile, sendCsv } from '../../lib/csv-download.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import {
  deleteMyReading,
  getMyReading,
  listMyReadings,
  myReadingsCsv,
  updateMyReading,
} from './my-readings.service.ts';

// A person's own data: no organisation context, their readings wherever they were recorded.
const read = { permission: 'own-data.manage', tokenScope: 'readings:read' } as const;
const write = { permission: 'own-data.manage', tokenScope: 'readings:write' } as const;
const tags = ['my-readings'];
const OWN =
  'Only your own readings, in every organisation you recorded in (and kept after you leave one); ' +
  "another person's reading answers 404.";
const FILTERS =
  '`kind` (morning | anytime), `tag` (a tag id) and `from` / `to` (days, inclusive, read in the ' +
  "time zone of the reading's organisation) narrow the list.";

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/readings',
    {
      config: read,
      schema: {
        tags,
        summary: 'List your readings',
        description:
          `Your readings, newest first, a page at a time: \`limit\` (1-${CURSOR_PAGE_MAX}) ` +
          'rows, then pass `nextCursor` as `cursor` for the next page (null on the last). ' +
          `${FILTERS} ${OWN}`,
        querystring: MyReadingsQuery,
        response: { 200: MyReadingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMyReadings(deps, request.scope, request.query),
  );

const csvRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/readings.csv',
    {
      config: read,
      schema: {
        tags,
        summary: 'Download your readings as CSV',
        description: `Every reading of yours the filters keep, newest first, with every metric. ${FILTERS}`,
        querystring: MyReadingsCsvQuery,
        response: { 200: CsvFile, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await myReadingsCsv(deps, request.scope, request.query)),
  );

const getRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/v1/readings/:readingId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One of your readings',
        description:
          'The reading with every metric (time and frequency domain), quality, tags, note, ' +
          'device and the tags it may carry; the raw RR series only with `include=rr`. ' +
          OWN,
        params: MyReadingParams,
        querystring: MyReadingQuery,
        response: { 200: MyReading, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getMyReading(deps, request.scope, request.params.readingId, request.query.include === 'rr'),
  );

const updateRoute: Route<AppDeps> = (app, deps) =>
  app.patch(
    '/api/v1/readings/:readingId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit the tags and note of one of your readings',
        description:
          '`tags` replaces its tags (ids offered to the organisation the reading was recorded ' +
          'in; another answers 400); `note` replaces its note (null or empty clears it). ' +
          OWN,
        params: MyReadingParams,
        body: UpdateMyReadingBody,
        response: { 200: MyReading, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateMyReading(deps, request.scope, request.params.readingId, request.body),
  );

const deleteRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/v1/readings/:readingId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete one of your readings',
        description:
          'Deletes the reading, its RR series, metrics, tags and note for good; the daily ' +
          'figures of dashboards and reports change in the same transaction. ' +
          OWN,
        params: MyReadingParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteMyReading(deps, request.scope, request.params.readingId);
      return reply.status(204).send(null);
    },
  );

/** The member's own readings (issue 28): list, one, edit, delete, CSV. */
export const myReadingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute, csvRoute, getRoute, updateRoute, deleteRoute]);
};
