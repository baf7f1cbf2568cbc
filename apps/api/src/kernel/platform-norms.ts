import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { platformBandMeans } from './platform-norms.queries.ts';
import { platformNorms, type PlatformNorms } from './population-norm.ts';

/** How long the platform's band means are reused: they move slowly, and computing them is not free. */
export const PLATFORM_NORMS_TTL_MS = 60_000;

/**
 * The platform band means of today (UTC), the date ages are counted on, and which computation of
 * this process they are (answers computed with them name it, answer-cache.ts).
 */
type PlatformNormsSnapshot = { day: string; norms: PlatformNorms; version: number };

export type PlatformNormsCache = { get: () => Promise<PlatformNormsSnapshot> };

/**
 * Platform band means computed from the daily rollups at most once a minute per process (and again
 * when the UTC date changes). Concurrent callers share one computation; a failed one is not kept.
 * They aggregate every member's last 30 days, which on a large platform costs more than a whole
 * dashboard (see `npm run bench:analytics`), so per-request computation would dominate.
 */
export function createPlatformNormsCache(
  db: Database,
  clock: Clock,
  ttlMs = PLATFORM_NORMS_TTL_MS,
): PlatformNormsCache {
  let cached: { day: string; at: number; snapshot: Promise<PlatformNormsSnapshot> } | null = null;
  let computed = 0;
  return {
    get() {
      const now = clock();
      const day = now.toISOString().slice(0, 10);
      if (cached && cached.day === day && now.getTime() - cached.at < ttlMs) return cached.snapshot;
      return refresh(now, day);
    },
  };

  function refresh(now: Date, day: string): Promise<PlatformNormsSnapshot> {
    const version = ++computed;
    const snapshot = platformBandMeans(db, now, day).then((rows) => ({
      day,
      norms: platformNorms(rows),
      version,
    }));
    const entry = { day, at: now.getTime(), snapshot };
    cached = entry;
    snapshot.catch(() => {
      if (cached === entry) cached = null;
    });
    return snapshot;
  }
}
