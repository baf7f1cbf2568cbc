import type {
  MemberReading,
  MemberReadingsResponse,
  ReadingResult,
} from '@resonant/contracts/reports';
import { formatMetric } from '../../lib/hrv-format.ts';
import { SERIES, type SeriesKey } from './chart-settings.ts';
import type { HistoryLine, HistoryPoint } from './history-chart-option.ts';
import type { ReportSelection } from './report-selection.ts';

const RESULT_TEXT: Record<ReadingResult, string> = {
  below_normal: 'Below normal range',
  within_normal: 'Within normal range',
  above_normal: 'Above normal range',
};

/** SPEC §3: the metrics of a reading the charts draw. */
function readingValues(reading: MemberReading): Record<SeriesKey, number | null> {
  return {
    rmssd: reading.rmssd,
    minMax: reading.time_domain.minMax,
    sdnn: reading.time_domain.sdnn,
    lf: reading.frequency_domain.lf,
    hf: reading.frequency_domain.hf,
    vlf: reading.frequency_domain.vlf,
  };
}

/** A reading as a chart point: its values, hollow when low quality, its tooltip lines. */
export function readingPoint(reading: MemberReading): HistoryPoint {
  const values = readingValues(reading);
  const tooltip = [
    reading.readings_count > 1
      ? `Daily mean of ${reading.readings_count} readings`
      : reading.kind === 'morning'
        ? 'Morning reading'
        : 'Anytime reading',
    `Tags: ${reading.tags.length > 0 ? reading.tags.map((tag) => tag.tag_name).join(', ') : 'none'}`,
    ...SERIES.map((series) => `${series.name}: ${formatMetric(values[series.key])}`),
  ];
  if (reading.quality === 'low') tooltip.push('Low quality (left out of averages)');
  if (reading.reading_result) tooltip.push(RESULT_TEXT[reading.reading_result]);
  return { time: reading.dateTime, values, hollow: reading.quality === 'low', tooltip };
}

/**
 * One line per applied user from their answers (same order), oldest point first; a user whose
 * answer has not come yet has no points.
 */
export function readingLines(
  selection: ReportSelection,
  answers: readonly (MemberReadingsResponse | undefined)[],
): HistoryLine[] {
  return selection.users.map((user, index) => ({
    userId: user.id,
    userName: user.name,
    colour: user.colour,
    points: [...(answers[index]?.list ?? [])].reverse().map(readingPoint),
  }));
}
