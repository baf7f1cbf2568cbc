import { z } from 'zod';
import { inStorableYears, STORABLE_YEARS_MESSAGE } from './fields.ts';
import { HrvMetrics, Quality } from './metrics.ts';
import { Tag } from './tags.ts';

export const READING_KINDS = ['morning', 'anytime'] as const;
export const ReadingKind = z.enum(READING_KINDS, { error: 'Must be morning or anytime' });
export type ReadingKind = z.infer<typeof ReadingKind>;

/**
 * Limits of a raw RR series (readings and sessions). 200–3000 ms is accepted as raw input; the
 * engine's cleaning treats 300–2000 ms as plausible and corrects the rest as artifacts.
 */
export const RR_MIN_MS = 200;
export const RR_MAX_MS = 3000;
export const RR_MAX_BEATS = 200_000;
export const RR_MAX_TOTAL_MS = 24 * 60 * 60 * 1000;
/** How far in the future a recording may start: clock skew between phone and server. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
export const CLIENT_ID_MAX = 200;
export const TAGS_MAX = 20;
export const NOTE_MAX = 2000;
export const DEVICE_MAX = 200;

export const ClientId = z
  .string({ error: 'Required: a unique id the app gives each recording' })
  .trim()
  .min(1, 'Required: a unique id the app gives each recording')
  .max(CLIENT_ID_MAX, `Must be at most ${CLIENT_ID_MAX} characters`)
  .describe(
    'Chosen by the app, unique per recording of this account. Sending the same clientId again ' +
      'stores nothing and answers 200 with the first result (a safe retry).',
  );

/** A point in time with its offset, e.g. 2025-04-15T07:30:00+02:00 or 2025-04-15T05:30:00Z. */
export const DateTime = z.iso
  .datetime({
    offset: true,
    error: 'Must be an ISO 8601 date-time with a time zone, e.g. 2025-04-15T07:30:00Z',
  })
  .refine(inStorableYears, STORABLE_YEARS_MESSAGE);

export const RrSeries = z
  .array(z.number({ error: 'Must be a number of milliseconds' }), {
    error: 'Required: a list of RR intervals in milliseconds',
  })
  .describe(
    `RR intervals in ms in recording order: each ${RR_MIN_MS}-${RR_MAX_MS} ms, at most ` +
      `${RR_MAX_BEATS} of them and at most 24 hours in total.`,
  );

export const TagIds = z
  .array(z.string({ error: 'Must be a tag id' }), { error: 'Must be a list of tag ids' })
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .describe('Tag ids from GET /api/tags; an id not offered to your organisation is refused.');

/** POST /api/v1/readings: one reading recorded by the app. The account comes from the session. */
export const CreateReadingBody = z.object({
  clientId: ClientId,
  takenAt: DateTime.describe('When the recording started; at most 5 minutes in the future.'),
  kind: ReadingKind,
  rr: RrSeries,
  tags: TagIds.optional(),
  note: z
    .string({ error: 'Must be text' })
    .trim()
    .max(NOTE_MAX, `Must be at most ${NOTE_MAX} characters`)
    .nullish(),
  device: z
    .string({ error: 'Must be text' })
    .trim()
    .max(DEVICE_MAX, `Must be at most ${DEVICE_MAX} characters`)
    .nullish()
    .describe('The sensor or app that recorded it, e.g. "Polar H10".'),
});
export type CreateReadingBody = z.infer<typeof CreateReadingBody>;

/** A stored reading with the metrics the server computed (the raw RR series is not sent back). */
export const Reading = z.object({
  id: z.string(),
  clientId: z.string(),
  takenAt: z.string(),
  kind: ReadingKind,
  quality: Quality,
  note: z.string().nullable(),
  device: z.string().nullable(),
  tags: z.array(Tag),
  metrics: HrvMetrics,
  createdAt: z.string(),
});
export type Reading = z.infer<typeof Reading>;

/** The form fields of POST /api/v1/readings/import, applied to every file of the upload. */
export const ImportReadingsFields = z.object({
  takenAt: DateTime.optional(),
  kind: ReadingKind.default('anytime'),
});
export type ImportReadingsFields = z.infer<typeof ImportReadingsFields>;

/**
 * The multipart form of POST /api/v1/readings/import as the OpenAPI page shows it; the route reads
 * the parts itself and checks the fields with ImportReadingsFields.
 */
export const ImportReadingsForm = z.object({
  file: z
    .array(z.string().meta({ format: 'binary' }), {
      error: 'Attach the files as multipart/form-data',
    })
    .describe('One recording per file (.txt, .csv or .tsv); repeat the field for more files.'),
  takenAt: DateTime.optional().describe('When the recordings were taken; default now.'),
  kind: ReadingKind.optional().describe('Default anytime.'),
});

/**
 * What ingestion did with one recording: `created` it, found the `duplicate` stored for its
 * clientId (answered with that first result), or refused it (`failed`, with the reason).
 */
export const IngestStatus = z.enum(['created', 'duplicate', 'failed']);

/** The outcome of one uploaded file: its reading, or why it was refused. */
export const ImportFileResult = z.object({
  file: z.string(),
  status: IngestStatus,
  reading: Reading.optional(),
  message: z.string().optional(),
});
export type ImportFileResult = z.infer<typeof ImportFileResult>;

export const ImportReadingsResponse = z.object({ results: z.array(ImportFileResult) });
export type ImportReadingsResponse = z.infer<typeof ImportReadingsResponse>;

/** The most recordings one batch request may carry (POST /api/v1/readings/batch, sessions too). */
export const BATCH_MAX_ITEMS = 1000;
/**
 * The largest batch body, with room to spare for BATCH_MAX_ITEMS five-minute recordings: 700 beats
 * each (140 bpm) written at full double precision (~20 bytes a value) are 14 MB, and the other
 * fields (optimal-zone samples, notes, tags) fit in the rest. Devices send whole or 1/1024 s values,
 * so a real batch of 5-minute readings is nearer 2 MB.
 */
export const BATCH_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * The list of a batch body: 1 to BATCH_MAX_ITEMS entries, documented as `item`. Only the list is
 * checked with the request: each entry accepts anything here (the first alternative) and is
 * checked against `item` on its own by the ingestion, so one bad entry fails alone, and the check
 * of 1,000 series runs in the worker threads with the metrics rather than on the event loop. The
 * OpenAPI document drops the empty alternative and shows `item`.
 */
export function batchList<T extends z.ZodType>(item: T, noun: string) {
  return z
    .array(z.union([z.unknown(), item]), { error: `Must be a list of ${noun}` })
    .min(1, `Send 1 to ${BATCH_MAX_ITEMS} ${noun}`)
    .max(BATCH_MAX_ITEMS, `At most ${BATCH_MAX_ITEMS} ${noun} per request`);
}

/** The outcome of one entry of a batch, by its position in the list (with its recording besides). */
export const BATCH_RESULT_FIELDS = {
  index: z.number().int().describe('The position of the entry in the list, from 0.'),
  clientId: z
    .string()
    .nullable()
    .describe("The entry's clientId as stored (trimmed); null when it has none."),
  status: IngestStatus,
  message: z.string().optional().describe('Why a `failed` entry was refused.'),
};

/** The answer of a batch: one result per entry, in the order sent, and the count of each status. */
export function batchResponse<T extends z.ZodType>(result: T) {
  return z.object({
    results: z.array(result),
    created: z.number().int(),
    duplicate: z.number().int(),
    failed: z.number().int(),
  });
}

/** POST /api/v1/readings/batch: up to BATCH_MAX_ITEMS readings, each like POST /api/v1/readings. */
export const CreateReadingsBatchBody = z.object({
  readings: batchList(CreateReadingBody, 'readings'),
});
export type CreateReadingsBatchBody = z.infer<typeof CreateReadingsBatchBody>;

export const ReadingBatchResult = z.object({
  ...BATCH_RESULT_FIELDS,
  reading: Reading.optional().describe('The reading stored: new, or the first for its clientId.'),
});
export type ReadingBatchResult = z.infer<typeof ReadingBatchResult>;

export const ReadingsBatchResponse = batchResponse(ReadingBatchResult);
export type ReadingsBatchResponse = z.infer<typeof ReadingsBatchResponse>;
