import { describe, expect, it } from 'vitest';
import type { TopOrgRow } from '@resonant/contracts/top-organizations';
import {
  CHART_MAX_ORGS,
  TOP_ORGS_PALETTE,
  TOP_ORGS_SERIES,
  topOrgsChartHeight,
  topOrgsChartLabel,
  topOrgsChartOption,
} from './top-orgs-chart-option.ts';

function row(index: number, overrides: Partial<TopOrgRow> = {}): TopOrgRow {
  return {
    org_id: `org-${index}`,
    org_name: `Org ${index}`,
    total_users: 10 * index,
    total_users_active: 5 * index,
    total_readings: 30 * index,
    exercise_sessions: 3 * index,
    mindfulness_sessions: 2 * index,
    plan_sessions: index,
    morning_readings: 20 * index,
    anytime_readings: 10 * index,
    ...overrides,
  };
}

type Series = {
  name: string;
  stack?: string;
  xAxisIndex: number;
  data: number[];
  itemStyle: { color: string };
};
type Option = {
  color: string[];
  legend: object;
  series: Series[];
  yAxis: { data: string[]; inverse: boolean; axisLabel: { width: number; overflow: string } };
  xAxis: { position: string; name: string }[];
};

const optionOf = (rows: TopOrgRow[], narrow = false) =>
  topOrgsChartOption(rows, { narrow }) as unknown as Option;

describe('topOrgsChartOption', () => {
  it('gives each series its own fixed colour, in legend order', () => {
    const option = optionOf([row(1), row(2)]);
    expect(option.color).toEqual([...TOP_ORGS_PALETTE]);
    expect(option.legend).toBeDefined();
    expect(option.series.map((series) => series.name)).toEqual([
      'Active users',
      'Morning readings',
      'Anytime readings',
      'Biofeedback',
      'Mindfulness',
      'Self-compassion',
    ]);
    expect(option.series.map((series) => series.itemStyle.color)).toEqual([...TOP_ORGS_PALETTE]);
    expect(new Set(TOP_ORGS_PALETTE).size).toBe(TOP_ORGS_SERIES.length);
  });

  it('keeps the colours whatever the rows', () => {
    const colours = (rows: TopOrgRow[]) =>
      optionOf(rows).series.map((series) => series.itemStyle.color);
    expect(colours([row(3)])).toEqual(colours([row(1), row(2), row(4)]));
    expect(colours([])).toEqual(colours([row(1)]));
  });

  it('draws the organisations in the table order, first on top', () => {
    const option = optionOf([row(2), row(1, { org_name: 'Alpha' })]);
    expect(option.yAxis.data).toEqual(['Org 2', 'Alpha']);
    expect(option.yAxis.inverse).toBe(true);
    const [users, morning, ...rest] = option.series;
    expect(users!.data).toEqual([10, 5]);
    expect(morning!.data).toEqual([40, 20]);
    expect(rest.map((series) => series.data)).toEqual([
      [20, 10],
      [6, 3],
      [4, 2],
      [2, 1],
    ]);
  });

  it('stacks readings and sessions on one axis and puts active users on the other', () => {
    const option = optionOf([row(1)]);
    const [users, ...recordings] = option.series;
    expect(users!.stack).toBeUndefined();
    expect(users!.xAxisIndex).toBe(1);
    expect(option.xAxis[1]).toMatchObject({ position: 'top', name: 'Active users' });
    for (const series of recordings) {
      expect(series.stack).toBe('recordings');
      expect(series.xAxisIndex).toBe(0);
    }
    expect(option.xAxis[0]).toMatchObject({ position: 'bottom' });
  });

  it('cuts long names short, with less room on a phone', () => {
    const wide = optionOf([row(1)]).yAxis.axisLabel;
    const narrow = optionOf([row(1)], true).yAxis.axisLabel;
    expect(wide.overflow).toBe('truncate');
    expect(narrow.overflow).toBe('truncate');
    expect(narrow.width).toBeLessThan(wide.width);
  });

  it(`draws at most the first ${CHART_MAX_ORGS} organisations of the page`, () => {
    const rows = Array.from({ length: 25 }, (_, index) => row(index + 1));
    const option = optionOf(rows);
    expect(option.yAxis.data).toHaveLength(CHART_MAX_ORGS);
    expect(option.yAxis.data[0]).toBe('Org 1');
    for (const series of option.series) expect(series.data).toHaveLength(CHART_MAX_ORGS);
  });
});

describe('topOrgsChartHeight', () => {
  it('grows with the organisations drawn and leaves room for a wrapped legend', () => {
    expect(topOrgsChartHeight(10, { narrow: false })).toBeGreaterThan(
      topOrgsChartHeight(2, { narrow: false }),
    );
    expect(topOrgsChartHeight(2, { narrow: true })).toBeGreaterThan(
      topOrgsChartHeight(2, { narrow: false }),
    );
    expect(topOrgsChartHeight(0, { narrow: false })).toBe(topOrgsChartHeight(1, { narrow: false }));
  });
});

describe('topOrgsChartLabel', () => {
  it('names every organisation drawn with its figures', () => {
    expect(topOrgsChartLabel([row(1, { morning_readings: 123_456 })])).toBe(
      "Bar chart of the organizations' activity. Org 1: Active users 5, Morning readings 123K, " +
        'Anytime readings 10, Biofeedback 3, Mindfulness 2, Self-compassion 1',
    );
  });
});
