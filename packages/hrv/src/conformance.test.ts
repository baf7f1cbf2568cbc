import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseRecording } from './analyse-recording.ts';
import type { DetrendMethod, HrvMetrics } from './types.ts';

/**
 * The reference cases of test/reference (see its README; each case's source.md says where its RR
 * series comes from): real and synthetic RR series with the values the pinned method gives,
 * computed by a numpy/scipy reference implementation.
 */
const referenceDir = path.resolve(import.meta.dirname, '../test/reference');

type Tolerance = { rel?: number; abs?: number };
type ReferenceCase = {
  method: { detrend: DetrendMethod; window: number; correction: boolean };
  metrics: Record<string, number>;
  tolerance: Record<string, Tolerance>;
};

function readCases(): { name: string; rr: number[]; expected: ReferenceCase }[] {
  if (!fs.existsSync(referenceDir)) {
    throw new Error(`HRV reference cases not found at ${referenceDir}`);
  }
  return fs
    .readdirSync(referenceDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      name,
      rr: fs
        .readFileSync(path.join(referenceDir, name, 'rr.txt'), 'utf8')
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map(Number),
      expected: JSON.parse(
        fs.readFileSync(path.join(referenceDir, name, 'expected.json'), 'utf8'),
      ) as ReferenceCase,
    }));
}

const cases = readCases();

describe('conformance with the reference cases of test/reference', () => {
  it('finds the reference cases, for both detrend settings', () => {
    expect(cases.length).toBeGreaterThanOrEqual(7);
    expect(new Set(cases.map(({ expected }) => expected.method.detrend))).toEqual(
      new Set<DetrendMethod>(['none', 'smoothness-priors']),
    );
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, { rr, expected }) => {
    const { metrics } = analyseRecording(rr, {
      detrend: expected.method.detrend,
      windowSeconds: expected.method.window,
      correction: expected.method.correction,
    });
    const failures: string[] = [];
    for (const [key, tolerance] of Object.entries(expected.tolerance)) {
      const want = expected.metrics[key]!;
      const got = metrics[key as keyof HrvMetrics];
      const allowed = tolerance.rel !== undefined ? tolerance.rel * Math.abs(want) : tolerance.abs!;
      // Peaks may be off by one frequency bin; their tolerance is exactly one bin width.
      if (got === null || !(Math.abs(got - want) <= allowed * (1 + 1e-12))) {
        failures.push(`${key}: got ${got}, want ${want} ± ${allowed}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
