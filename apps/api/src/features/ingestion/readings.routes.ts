import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BATCH_BODY_LIMIT_BYTES,
  BATCH_MAX_ITEMS,
  CreateReadingBody,
  CreateReadingsBatchBody,
  ImportReadingsFields,
  ImportReadingsForm,
  ImportReadingsResponse,
  Reading,
  ReadingsBatchResponse,
  RR_MAX_BEATS,
} from '@resonant/contracts/readings';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { issueMessage } from '../../lib/zod-issues.ts';
import { requireOrg } from '../../kernel/scope.ts';
import { parseRecordingTime } from '../../lib/recording-input.ts';
import { importReadings, type UploadedFile } from './import-readings.ts';
import { ingestDepsOf } from './ingest-batch.ts';
import { readingsKind } from './readings-kind.ts';
import { recordingRoutes, type IngestionRouteDeps } from './recording-routes.ts';
import { RR_FILE_EXTENSIONS } from './rr-input.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const MB = 1024 * 1024;
/** Room for the largest series allowed (200,000 intervals) as JSON, with decimals. */
const READING_BODY_LIMIT = 4 * MB;
const IMPORT_MAX_FILES = 10;
const IMPORT_MAX_FILE_BYTES = 8 * MB;

/** Ingestion of readings by the mobile app and integrations (DESIGN §3, /api/v1). */
export const readingsRoutes: FastifyPluginAsyncZod<IngestionRouteDeps> = async (app, deps) => {
  // Scoped to this plugin: multipart bodies are accepted by the import route only.
  await app.register(multipart, {
    limits: { files: IMPORT_MAX_FILES, fileSize: IMPORT_MAX_FILE_BYTES, fields: 10, parts: 30 },
  });
  await app.register(readingRoutes, deps);
  await app.register(importRoute, deps);
};

const readingRoutes = recordingRoutes({
  kind: readingsKind,
  path: '/api/v1/readings',
  name: 'reading',
  single: {
    bodyLimit: READING_BODY_LIMIT,
    summary: 'Store a reading',
    description:
      'Stores one HRV reading of the signed-in member in their current organisation and ' +
      'returns it with the metrics the server computed (artifact correction, time and ' +
      'frequency domain). A reading with too little clean signal is stored with quality ' +
      '`low` and left out of averages. 201 when stored; 200 with the first result when this ' +
      'account already sent the same `clientId`. Every problem answers 400 naming it, a body ' +
      `over ${READING_BODY_LIMIT / MB} MB 413; nothing is stored then.`,
    body: CreateReadingBody,
    response: Reading,
  },
  batch: {
    entries: 'readings',
    summary: 'Store up to 1,000 readings',
    description:
      `Stores 1 to ${BATCH_MAX_ITEMS} readings of the signed-in member in their current ` +
      'organisation, each as POST /api/v1/readings would, and answers 200 with one result ' +
      'per entry, in the order sent (`index` from 0), and the count of each status. An entry ' +
      'is `created` (with the reading), `duplicate` (with the reading stored first for its ' +
      '`clientId`: a retried batch stores nothing again, and so does an entry repeating an ' +
      "earlier entry's `clientId`) or `failed` with the `message` its single post would get " +
      '(a field, the RR limits, a time too far ahead, a tag not offered): a bad entry fails ' +
      'alone and stores nothing, the others are stored. The batch is one transaction: should ' +
      'storing fail, nothing of it is stored. 400 when `readings` itself is wrong (not a ' +
      `list, empty, more than ${BATCH_MAX_ITEMS}) or when text PostgreSQL cannot store (NUL) ` +
      `is anywhere in the body; a body over ${BATCH_BODY_LIMIT_BYTES / MB} MB 413.`,
    body: CreateReadingsBatchBody,
    response: ReadingsBatchResponse,
  },
});

/** POST /api/v1/readings/import: one reading per uploaded RR file. */
const importRoute: FastifyPluginAsyncZod<IngestionRouteDeps> = async (app, deps) => {
  const { clock } = deps;
  const ingest = ingestDepsOf(deps);
  app.post(
    '/api/v1/readings/import',
    {
      config: { permission: 'readings.write', context: 'org', tokenScope: 'readings:write' },
      schema: {
        tags: ['ingestion'],
        summary: 'Import readings from RR files',
        description:
          'multipart/form-data with up to ' +
          `${IMPORT_MAX_FILES} files (${RR_FILE_EXTENSIONS.join(', ')}, at most ` +
          `${IMPORT_MAX_FILE_BYTES / MB} MB each), one recording per file, and the ` +
          'optional fields `takenAt` (ISO 8601, default now) and `kind` (`morning` | `anytime`, ' +
          'default `anytime`) applied to every file.\n\n' +
          'A file is either plain text with one RR interval per line (`#` comments and blank ' +
          'lines ignored) or a CSV (`,` `;` or tab separated) whose header names an RR column: ' +
          '`RR`, `RR (ms)`, `rr_ms`, `RRI`, `IBI`, `Interval`, ... matched case-insensitively. ' +
          'Values are milliseconds; a header unit of seconds (`RR (s)`) is converted, and a file ' +
          'without a unit whose every value is below 10 is read as seconds. Each series is ' +
          `checked like POST /api/v1/readings (200-3000 ms, at most ${RR_MAX_BEATS} intervals ` +
          'and 24 hours).\n\n' +
          'The answer has one result per file: `created` with the reading, `duplicate` with the ' +
          'reading stored before (the clientId is a hash of the series, so uploading a recording ' +
          'again stores nothing), or `failed` with the reason; one bad file does not stop the ' +
          'others.',
        consumes: ['multipart/form-data'],
        // Documents the form; a multipart request has no parsed body (null), so this only refuses
        // a body of another kind (JSON) with 400.
        body: ImportReadingsForm.nullish(),
        response: { 200: ImportReadingsResponse, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const scope = requireOrg(request.scope);
      const { fields, files } = await readUpload(request);
      const parsed = ImportReadingsFields.safeParse({
        takenAt: fields.get('takenAt') || undefined,
        kind: fields.get('kind') || undefined,
      });
      if (!parsed.success) throw badRequest(issueMessage(parsed.error.issues, 'Invalid request'));
      if (files.length === 0) throw badRequest('file: Attach at least one file');
      const now = clock();
      const takenAt = parseRecordingTime(parsed.data.takenAt ?? now, now, 'takenAt');
      const results = await importReadings(
        ingest,
        scope,
        files,
        { takenAt, kind: parsed.data.kind },
        now,
      );
      return { results };
    },
  );
};

/** Reads every part of a multipart upload: its text fields, and its files into memory. */
async function readUpload(request: FastifyRequest) {
  const form = await readMultipartForm(request, {
    fileTooLarge: `A file is larger than ${IMPORT_MAX_FILE_BYTES / MB} MB`,
    tooManyFiles: new HttpError(413, `At most ${IMPORT_MAX_FILES} files per upload`),
  });
  const files: UploadedFile[] = form.files.map((file, index) => ({
    name: file.fileName || `file ${index + 1}`,
    content: file.content,
  }));
  return { fields: form.fields, files };
}
