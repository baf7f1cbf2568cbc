import { describe, expect, it } from 'vitest';
import type { SessionPoint } from '@resonant/contracts/reports';
import { formatMetric, formatMs } from '../../lib/hrv-format.ts';
import { sessionHistoryLine } from './session-points.ts';

const user = { id: 'u-1', name: 'Mia Stone', colour: '#1f77b4' };

const session = (overrides: Partial<SessionPoint> = {}): SessionPoint => ({
  sessionId: 's-1',
  dateTime: '2026-03-02T08:15:00.000Z',
  sessionName: 'Resonance breathing',
  quality: 'good',
  rmssd: 61.25,
  sdnn: 70,
  minMax: 140,
  lf: 2400.5,
  hf: 310,
  vlf: null,
  ozSesAvgPercentage: 42.5,
  tags: [],
  ...overrides,
});

describe('sessionHistoryLine', () => {
  it('makes a point per session with its six figures, in the user colour', () => {
    const line = sessionHistoryLine(user, [
      session(),
      session({ sessionId: 's-2', dateTime: '2026-03-03T08:15:00.000Z', rmssd: 55 }),
    ]);
    expect(line).toMatchObject({ userId: 'u-1', userName: 'Mia Stone', colour: '#1f77b4' });
    expect(line.points.map((point) => point.time)).toEqual([
      '2026-03-02T08:15:00.000Z',
      '2026-03-03T08:15:00.000Z',
    ]);
    expect(line.points[0]!.values).toEqual({
      rmssd: 61.25,
      minMax: 140,
      sdnn: 70,
      lf: 2400.5,
      hf: 310,
      vlf: null,
    });
    expect(line.points[1]!.values.rmssd).toBe(55);
  });

  it('draws low-quality sessions hollow and says why in the tooltip', () => {
    const [good, low] = sessionHistoryLine(user, [session(), session({ quality: 'low' })]).points;
    expect(good!.hollow).toBe(false);
    expect(low!.hollow).toBe(true);
    expect(low!.tooltip.at(-1)).toBe('Low quality: left out of the averages');
  });

  // Figures are written in the browser's locale; the expectations follow it.
  it('puts the name, tags, optimal zone and the figures it has in the tooltip', () => {
    const [point] = sessionHistoryLine(user, [
      session({
        tags: [
          { id: 't-1', tag_name: 'Focus' },
          { id: 't-2', tag_name: 'Sleep' },
        ],
      }),
    ]).points;
    expect(point!.tooltip).toEqual([
      'Resonance breathing',
      'Tags: Focus, Sleep',
      `Optimal zone: ${formatMetric(42.5)}%`,
      `RMSSD: ${formatMs(61.25)}`,
      `MaxMin: ${formatMs(140)}`,
      `SDNN: ${formatMs(70)}`,
      `LowFrequency: ${formatMetric(2400.5)} ms²`,
      `HighFrequency: ${formatMetric(310)} ms²`,
    ]);
  });
});
