import { analyseSession } from '@resonant/hrv/analyse-session';
import { finiteOrNull } from '@resonant/hrv/finite';
import type { CreateSessionBody, HrvSession } from '@resonant/contracts/sessions';
import type { Database } from '../../db/client.ts';
import type { OptimalZoneSamples } from '../../db/schema/hrv-sessions.ts';
import { metricColumnValues } from '../../lib/hrv-metrics.ts';
import { recordMemberActivity } from '../../lib/member-activity.ts';
import { resolveOfferedTags } from '../../lib/offered-tags.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { assertRrSeries, parseRecordingTime } from '../../lib/recording-input.ts';
import {
  findSessionByClientId,
  insertSession,
  insertSessionMinutes,
  insertSessionTags,
} from './sessions.queries.ts';

/** What an ingest did: `created` a new session, or found the `duplicate` stored for its clientId. */
export type IngestSessionOutcome = { status: 'created' | 'duplicate'; session: HrvSession };

/** A session to store: the JSON body of POST /api/v1/sessions; `startedAt` may also be a Date. */
export type SessionInput = Omit<CreateSessionBody, 'startedAt'> & { startedAt: string | Date };

/**
 * Stores one breathing session of the scope's member: checks the input (400 naming the problem),
 * computes per-minute results, averages and optimal-zone figures with packages/hrv, then stores
 * the session, its minutes and tags and the member's last activity in one transaction. A clientId
 * the account already used stores nothing and returns the first session: the unique index decides,
 * so a retry and a race take the same path. Sessions do not touch the readings' daily rollups.
 */
export async function ingestSession(
  db: Database,
  scope: OrgScope,
  input: SessionInput,
  now: Date,
): Promise<IngestSessionOutcome> {
  const clientId = input.clientId.trim();
  const startedAt = parseRecordingTime(input.startedAt, now, 'startedAt');
  assertRrSeries(input.rr);
  const tags = await resolveOfferedTags(db, scope, input.tags);
  const oz = optimalZoneSamples(input);
  const analysis = analyseSession({
    rr: input.rr,
    breathsPerMinute: input.breathsPerMinute ?? null,
    optimalZoneScores: oz.scores,
  });
  const durationMs = input.rr.reduce((sum, value) => sum + value, 0);

  const session = {
    clientId,
    type: input.type,
    sessionName: input.sessionName.trim(),
    startedAt,
    breathsPerMinute: input.breathsPerMinute ?? null,
    sessionMinutes: durationMs / 60_000,
    breathTime: input.breathTime ?? null,
    quality: analysis.quality,
    ozSesAvgPercentage: finiteOrNull(analysis.optimalZone?.ozSesAvgPercentage),
    optimalZoneSessionAverage: finiteOrNull(analysis.optimalZone?.optimalZoneSessionAverage),
    averages: metricColumnValues(analysis.averages),
    results: analysis.minutes.map((minute) => ({
      countTime: minute.countTime,
      lfReliable: minute.lfReliable,
      vlfReliable: minute.vlfReliable,
      metrics: metricColumnValues(minute.metrics),
    })),
    tags,
  };

  const inserted = await db.transaction(async (tx) => {
    const row = await insertSession(tx, scope, {
      ...session,
      name: session.sessionName,
      rr: input.rr,
      optimalZoneSamples: oz.samples,
    });
    // Another request with this clientId got there first: leave everything to it.
    if (!row) return null;
    await insertSessionMinutes(tx, scope, row.id, session.results);
    await insertSessionTags(
      tx,
      scope,
      row.id,
      tags.map((tag) => tag.id),
    );
    await recordMemberActivity(tx, scope, startedAt, input.type);
    return row;
  });

  if (!inserted) {
    const first = await findSessionByClientId(db, scope, clientId);
    if (!first) throw new Error(`session ${clientId} not found after a duplicate insert`);
    return { status: 'duplicate', session: presentSession(first) };
  }
  // Presented from what was stored, without reading it back (see ingestReading).
  return {
    status: 'created',
    session: presentSession({ ...session, id: inserted.id, createdAt: inserted.createdAt }),
  };
}

/**
 * The app's optimal-zone samples as stored (SPEC §3 "Raw session data") and the scores the engine
 * averages: biofeedback sends `{oz, ts}` pairs, mindfulness plain scores with reportStartTime.
 */
function optimalZoneSamples(input: SessionInput): {
  samples: OptimalZoneSamples | null;
  scores: number[];
} {
  const values: (number | OzSample)[] = input.ozValues ?? [];
  if (values.length === 0) return { samples: null, scores: [] };
  if (values.every((value): value is number => typeof value === 'number')) {
    return {
      samples: { kind: 'mindfulness', values, reportStartTime: input.reportStartTime ?? null },
      scores: values,
    };
  }
  const pairs = values.filter((value): value is OzSample => typeof value !== 'number');
  return { samples: { kind: 'biofeedback', values: pairs }, scores: pairs.map((pair) => pair.oz) };
}

type OzSample = { oz: number; ts: number };

type StoredSession = NonNullable<Awaited<ReturnType<typeof findSessionByClientId>>>;

/** The API's view of a stored session (dates as ISO strings); the response schema does the rest. */
function presentSession(session: StoredSession): HrvSession {
  return {
    ...session,
    startedAt: session.startedAt.toISOString(),
    createdAt: session.createdAt.toISOString(),
  };
}
