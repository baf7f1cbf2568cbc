import { z } from 'zod';
import { HrvMetrics, Quality } from './metrics.ts';
import {
  batchList,
  BATCH_RESULT_FIELDS,
  batchResponse,
  ClientId,
  DateTime,
  RrSeries,
  TagIds,
} from './readings.ts';
import { Tag } from './tags.ts';

export const SESSION_TYPES = ['biofeedback', 'mindfulness', 'self_compassion'] as const;
export const SessionType = z.enum(SESSION_TYPES, {
  error: 'Must be biofeedback, mindfulness or self_compassion',
});
export type SessionType = z.infer<typeof SessionType>;

export const SESSION_NAME_MAX = 200;
export const OZ_MAX_SAMPLES = 200_000;

const finite = (message: string) => z.number({ error: message });

/** SPEC §3 breathTime: the breathing pattern the app's pacer ran. */
export const BreathTime = z.object({
  name: z.string({ error: 'Must be text' }).max(100, 'Must be at most 100 characters'),
  inhalePercentage: finite('Must be a number').min(0).max(100),
  exhalePercentage: finite('Must be a number').min(0).max(100),
  inhaleSeconds: finite('Must be a number').min(0).max(60),
  exhaleSeconds: finite('Must be a number').min(0).max(60),
  defaultTotalMinutes: finite('Must be a number').min(0).max(1440),
});
export type BreathTime = z.infer<typeof BreathTime>;

/** One optimal-zone sample of a biofeedback session: the score and when it was taken. */
export const OzSample = z.object({
  oz: finite('Must be a number'),
  ts: finite('Must be a number'),
});

/**
 * The optimal-zone samples the app recorded (SPEC §3 "Raw session data"): biofeedback sends
 * `{oz, ts}` pairs, mindfulness plain scores (with `reportStartTime`). Absent or empty: no samples.
 */
export const OzValues = z
  .union([z.array(z.number()), z.array(OzSample)], {
    error: 'Must be a list of {oz, ts} samples or a list of numbers',
  })
  .refine((values) => values.length <= OZ_MAX_SAMPLES, `At most ${OZ_MAX_SAMPLES} samples`);

/** POST /api/v1/sessions: one breathing session recorded by the app. */
export const CreateSessionBody = z.object({
  clientId: ClientId,
  type: SessionType,
  startedAt: DateTime.describe('When the session started; at most 5 minutes in the future.'),
  sessionName: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(SESSION_NAME_MAX, `Must be at most ${SESSION_NAME_MAX} characters`),
  breathsPerMinute: finite('Must be a number')
    .positive('Must be more than 0')
    .max(60, 'Must be at most 60')
    .nullish(),
  breathTime: BreathTime.nullish(),
  rr: RrSeries,
  ozValues: OzValues.optional(),
  reportStartTime: z
    .string({ error: 'Must be text' })
    .max(100, 'Must be at most 100 characters')
    .nullish()
    .describe('Mindfulness: when the app started scoring, as it reports it.'),
  tags: TagIds.optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/** The results of one minute of a session (`countTime` = minute number from 1). */
export const SessionMinute = z.object({
  countTime: z.number().int(),
  lfReliable: z.boolean(),
  vlfReliable: z.boolean(),
  metrics: HrvMetrics,
});
export type SessionMinute = z.infer<typeof SessionMinute>;

/** A stored session with its per-minute results and averages (the raw series is not sent back). */
export const HrvSession = z.object({
  id: z.string(),
  clientId: z.string(),
  type: SessionType,
  startedAt: z.string(),
  sessionName: z.string(),
  breathsPerMinute: z.number().nullable(),
  sessionMinutes: z.number().nullable(),
  breathTime: BreathTime.nullable(),
  quality: Quality,
  ozSesAvgPercentage: z.number().nullable(),
  optimalZoneSessionAverage: z.number().nullable(),
  averages: HrvMetrics,
  results: z.array(SessionMinute),
  tags: z.array(Tag),
  createdAt: z.string(),
});
export type HrvSession = z.infer<typeof HrvSession>;

/** POST /api/v1/sessions/batch: up to BATCH_MAX_ITEMS sessions, each like POST /api/v1/sessions. */
export const CreateSessionsBatchBody = z.object({
  sessions: batchList(CreateSessionBody, 'sessions'),
});
export type CreateSessionsBatchBody = z.infer<typeof CreateSessionsBatchBody>;

export const SessionBatchResult = z.object({
  ...BATCH_RESULT_FIELDS,
  session: HrvSession.optional().describe(
    'The session stored: new, or the first for its clientId.',
  ),
});
export type SessionBatchResult = z.infer<typeof SessionBatchResult>;

export const SessionsBatchResponse = batchResponse(SessionBatchResult);
export type SessionsBatchResponse = z.infer<typeof SessionsBatchResponse>;
