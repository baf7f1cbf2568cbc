import { expect, type APIRequestContext } from '@playwright/test';
import { generateRr } from '@resonant/hrv/synthetic';
import type { CreateSessionBody, HrvSession } from '@resonant/contracts/sessions';
import { apiSession, type Person } from './org-builder.ts';

/** A session a member records in a journey; whatever is left out takes a plain default. */
export type SessionSpec = {
  type: 'biofeedback' | 'mindfulness';
  sessionName: string;
  startedAt: Date;
  /** Whole minutes of paced breathing; default 3. */
  minutes?: number;
  /** false: recorded with Optimal Zone off, so the app sends no samples. Default true. */
  withOz?: boolean;
  tagIds?: string[];
};

const SAMPLE_EVERY_S = 5;
const BREATHS_PER_MINUTE = 6;

/** Scores between about 25 and 95, in and out of the 80–100 band, as a session wanders. */
function ozScore(index: number): number {
  return Math.round((60 + 35 * Math.sin(index / 3)) * 10) / 10;
}

function sessionBody(spec: SessionSpec, clientId: string, seed: number): CreateSessionBody {
  const durationS = (spec.minutes ?? 3) * 60;
  const samples = Array.from({ length: durationS / SAMPLE_EVERY_S }, (_, index) => index);
  const oz =
    spec.withOz === false
      ? {}
      : spec.type === 'biofeedback'
        ? {
            ozValues: samples.map((index) => ({
              oz: ozScore(index),
              ts: (index + 1) * SAMPLE_EVERY_S,
            })),
          }
        : { ozValues: samples.map(ozScore), reportStartTime: spec.startedAt.toISOString() };
  return {
    clientId,
    type: spec.type,
    startedAt: spec.startedAt.toISOString(),
    sessionName: spec.sessionName,
    breathsPerMinute: BREATHS_PER_MINUTE,
    breathTime:
      spec.type === 'biofeedback'
        ? {
            name: 'Resonance 4-6',
            inhalePercentage: 40,
            exhalePercentage: 60,
            inhaleSeconds: 4,
            exhaleSeconds: 6,
            defaultTotalMinutes: spec.minutes ?? 3,
          }
        : null,
    rr: Array.from(
      generateRr({
        seed,
        durationS,
        breathsPerMinute: BREATHS_PER_MINUTE,
        breathingJitter: 0.02,
        ectopicRate: 0,
      }),
    ),
    ...oz,
    tags: spec.tagIds ?? [],
  };
}

/**
 * Records sessions as `member` through the ingestion API (POST /api/v1/sessions), as the mobile
 * app uploads them: clean synthetic RR paced at 6 breaths a minute and, unless `withOz` is false,
 * optimal-zone samples every 5 s. Answers the stored sessions in the order given.
 */
export async function recordSessions(
  request: APIRequestContext,
  member: Person,
  specs: SessionSpec[],
): Promise<HrvSession[]> {
  const session = await apiSession(request, member.email, member.password);
  const stored: HrvSession[] = [];
  for (const [index, spec] of specs.entries()) {
    const clientId = `e2e-session-${member.id}-${index}`;
    const response = await request.post('/api/v1/sessions', {
      headers: session.headers,
      data: sessionBody(spec, clientId, index + 1),
    });
    expect(response.ok(), `POST /api/v1/sessions: ${await response.text()}`).toBe(true);
    stored.push((await response.json()) as HrvSession);
  }
  await request.post('/api/auth/sign-out', { headers: session.headers });
  return stored;
}
