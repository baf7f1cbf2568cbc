import { BATCH_BODY_LIMIT_BYTES, BATCH_MAX_ITEMS } from '@resonant/contracts/readings';
import {
  CreateSessionBody,
  CreateSessionsBatchBody,
  HrvSession,
  SessionsBatchResponse,
} from '@resonant/contracts/sessions';
import { recordingRoutes } from './recording-routes.ts';
import { sessionsKind } from './sessions-kind.ts';

const MB = 1024 * 1024;
/** Room for a day-long series (200,000 intervals) and its optimal-zone samples as JSON. */
const SESSION_BODY_LIMIT = 8 * MB;

/** Ingestion of breathing sessions by the mobile app and integrations (DESIGN §3, /api/v1). */
export const sessionsRoutes = recordingRoutes({
  kind: sessionsKind,
  path: '/api/v1/sessions',
  name: 'session',
  single: {
    bodyLimit: SESSION_BODY_LIMIT,
    summary: 'Store a breathing session',
    description:
      'Stores one biofeedback, mindfulness or self-compassion session of the signed-in ' +
      'member in their current organisation, with the per-minute results (`results`), the ' +
      'session averages and, when optimal-zone samples are sent, `ozSesAvgPercentage` and ' +
      '`optimalZoneSessionAverage` (null without samples). `ozValues`: `{oz, ts}` samples ' +
      '(biofeedback) or plain scores with `reportStartTime` (mindfulness). 201 when stored; ' +
      '200 with the first result when this account already sent the same `clientId`. Every ' +
      `problem answers 400 naming it, a body over ${SESSION_BODY_LIMIT / MB} MB 413; nothing ` +
      'is stored then.',
    body: CreateSessionBody,
    response: HrvSession,
  },
  batch: {
    entries: 'sessions',
    summary: 'Store up to 1,000 breathing sessions',
    description:
      `Stores 1 to ${BATCH_MAX_ITEMS} sessions of the signed-in member in their current ` +
      'organisation, each as POST /api/v1/sessions would, and answers 200 with one result ' +
      'per entry, in the order sent (`index` from 0), and the count of each status. An entry ' +
      'is `created` (with the session), `duplicate` (with the session stored first for its ' +
      '`clientId`: a retried batch stores nothing again, and so does an entry repeating an ' +
      "earlier entry's `clientId`) or `failed` with the `message` its single post would get: " +
      'a bad entry fails alone and stores nothing, the others are stored. The batch is one ' +
      'transaction: should storing fail, nothing of it is stored. 400 when `sessions` itself ' +
      `is wrong (not a list, empty, more than ${BATCH_MAX_ITEMS}) or when text PostgreSQL ` +
      'cannot store (NUL) is anywhere in the body; a body over ' +
      `${BATCH_BODY_LIMIT_BYTES / MB} MB 413.`,
    body: CreateSessionsBatchBody,
    response: SessionsBatchResponse,
  },
});
