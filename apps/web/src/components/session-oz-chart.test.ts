import { describe, expect, it } from 'vitest';
import {
  OZ_BAND_SPAN,
  ozPoints,
  sessionOzChartLabel,
  sessionOzChartOption,
} from './session-oz-chart.ts';

type LineSeries = {
  data: [number, number][];
  markArea: { data: [{ yAxis: number }, { yAxis: number }][]; label: { formatter: string } };
};

const biofeedback = {
  oz_values: [
    { oz: 42, ts: 5 },
    { oz: 85.5, ts: 10 },
    { oz: 91, ts: 15 },
  ],
};
const mindfulness = { oz_values: [12, 64, 88] };

describe('ozPoints', () => {
  it('puts biofeedback samples at their seconds', () => {
    expect(ozPoints(biofeedback)).toEqual([
      [5, 42],
      [10, 85.5],
      [15, 91],
    ]);
  });

  it('numbers mindfulness scores from 1', () => {
    expect(ozPoints(mindfulness)).toEqual([
      [1, 12],
      [2, 64],
      [3, 88],
    ]);
  });
});

describe('sessionOzChartOption', () => {
  it('draws on a 0–100 axis with the 80–100 band marked', () => {
    const option = sessionOzChartOption(biofeedback) as {
      yAxis: { min: number; max: number };
      xAxis: { name: string };
      series: LineSeries[];
    };
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(option.xAxis.name).toBe('Seconds');
    const [line] = option.series;
    expect(line!.data).toEqual(ozPoints(biofeedback));
    expect(line!.markArea.data).toEqual([[{ yAxis: 80 }, { yAxis: 100 }]]);
    expect(line!.markArea.label.formatter).toBe('Optimal zone 80–100');
  });

  it('counts mindfulness samples on the x axis', () => {
    const option = sessionOzChartOption(mindfulness) as { xAxis: { name: string } };
    expect(option.xAxis.name).toBe('Sample');
  });
});

describe('sessionOzChartLabel', () => {
  it('names the session, the sample count and the band', () => {
    expect(sessionOzChartLabel('Calm breathing', biofeedback)).toBe(
      'Optimal zone of Calm breathing: 3 samples on a 0–100 scale; the band 80–100 is marked',
    );
    expect(OZ_BAND_SPAN).toBe('80–100');
  });
});
