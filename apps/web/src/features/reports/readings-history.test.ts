import { describe, expect, it } from 'vitest';
import type { MemberReading, MemberReadingsResponse } from '@resonant/contracts/reports';
import { readingLines, readingPoint } from './readings-history.ts';

const reading = (id: string, overrides: Partial<MemberReading> = {}): MemberReading => ({
  id,
  dateTime: `2025-03-0${id}T07:15:00.000Z`,
  userId: 'u1',
  kind: 'morning',
  quality: 'good',
  reading_result: null,
  readings_count: 1,
  rmssd: 45.25,
  created_at: '2025-03-01T07:16:00.000Z',
  tags: [],
  time_domain: {
    minMax: 60,
    sdnn: 50,
    sdsd: null,
    mean_hr: 60,
    max_hr: 70,
    min_hr: 50,
    mean_nni: 1000,
    median_nni: 1000,
    range_nni: 300,
  },
  frequency_domain: { lf: 400, hf: 300, vlf: null, total_power: 800 },
  ...overrides,
});

describe('readingPoint', () => {
  it('carries the six metrics and the tooltip with tags and values', () => {
    const point = readingPoint(
      reading('1', {
        tags: [
          { id: 't1', tag_name: 'Sleep' },
          { id: 't2', tag_name: 'Travel' },
        ],
        reading_result: 'within_normal',
      }),
    );
    expect(point.values).toEqual({
      rmssd: 45.25,
      minMax: 60,
      sdnn: 50,
      lf: 400,
      hf: 300,
      vlf: null,
    });
    expect(point.hollow).toBe(false);
    expect(point.tooltip).toEqual([
      'Morning reading',
      'Tags: Sleep, Travel',
      'RMSSD: 45.3',
      'MaxMin: 60.0',
      'SDNN: 50.0',
      'LowFrequency: 400.0',
      'HighFrequency: 300.0',
      'VeryLowFrequency: —',
      'Within normal range',
    ]);
  });

  it('is hollow and says so for a low-quality reading; a daily mean says how many readings', () => {
    const point = readingPoint(reading('1', { quality: 'low', readings_count: 3 }));
    expect(point.hollow).toBe(true);
    expect(point.tooltip[0]).toBe('Daily mean of 3 readings');
    expect(point.tooltip.at(-1)).toBe('Low quality (left out of averages)');
  });
});

describe('readingLines', () => {
  it('gives each applied user a line of their readings, oldest first', () => {
    const answer: MemberReadingsResponse = {
      list: [reading('3'), reading('2'), reading('1')],
      noOfRows: 3,
      normal_range: [],
    };
    const selection = {
      users: [
        { id: 'u1', name: 'Ann Doe', colour: '#111111' },
        { id: 'u2', name: 'Bob Doe', colour: '#222222' },
      ],
      tagIds: [],
    };
    const lines = readingLines(selection, [answer, undefined]);
    expect(lines.map((line) => [line.userName, line.colour, line.points.length])).toEqual([
      ['Ann Doe', '#111111', 3],
      ['Bob Doe', '#222222', 0],
    ]);
    expect(lines[0]!.points.map((point) => point.time)).toEqual([
      '2025-03-01T07:15:00.000Z',
      '2025-03-02T07:15:00.000Z',
      '2025-03-03T07:15:00.000Z',
    ]);
  });
});
