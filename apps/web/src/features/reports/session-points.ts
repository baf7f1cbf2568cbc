import type { SessionPoint } from '@resonant/contracts/reports';
import type { BreathTime } from '@resonant/contracts/sessions';
import type { Tag } from '@resonant/contracts/tags';
import { formatMetric, formatMs, NO_VALUE } from '../../lib/hrv-format.ts';
import { SERIES } from './chart-settings.ts';
import type { HistoryLine } from './history-chart-option.ts';
import type { ReportSelection } from './report-selection.ts';

/** The session charts' and lists' empty state. */
export const NO_SESSIONS = 'No sessions in this range';

/** The frequency-domain powers' unit; the time-domain figures are in ms. */
const POWER_UNIT = 'ms²';

/** An optimal-zone percentage as the tab shows it ("42.5%"), or '—'. */
export function formatOzPercent(value: number | null | undefined): string {
  const text = formatMetric(value, 1);
  return value === null || value === undefined || !Number.isFinite(value) ? text : `${text}%`;
}

/** A session's length ("5 min", "2.5 min"), or '—'. */
export function formatMinutes(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return `${formatMetric(value, Number.isInteger(value) ? 0 : 1)} min`;
}

/** The breathing pattern the pacer ran ("Resonance: inhale 4 s (40%), exhale 6 s (60%)"), or '—'. */
export function formatBreathPattern(breathTime: BreathTime | null): string {
  if (!breathTime) return NO_VALUE;
  const phase = (seconds: number, percentage: number) =>
    `${formatMetric(seconds, Number.isInteger(seconds) ? 0 : 1)} s (${formatMetric(percentage, 0)}%)`;
  return (
    `${breathTime.name}: inhale ${phase(breathTime.inhaleSeconds, breathTime.inhalePercentage)}, ` +
    `exhale ${phase(breathTime.exhaleSeconds, breathTime.exhalePercentage)}`
  );
}

/** A session's tags as one line ("Focus, Sleep"), or null without any. */
export function tagNames(tags: readonly Tag[]): string | null {
  return tags.length > 0 ? tags.map((tag) => tag.tag_name).join(', ') : null;
}

/** The tooltip's lines after the user and time: the session's name, tags, OZ % and figures. */
function sessionTooltip(session: SessionPoint): string[] {
  const tags = tagNames(session.tags);
  return [
    session.sessionName,
    ...(tags ? [`Tags: ${tags}`] : []),
    `Optimal zone: ${formatOzPercent(session.ozSesAvgPercentage)}`,
    ...SERIES.filter((series) => session[series.key] !== null).map((series) =>
      series.domain === 'time'
        ? `${series.name}: ${formatMs(session[series.key])}`
        : `${series.name}: ${formatMetric(session[series.key])} ${POWER_UNIT}`,
    ),
    ...(session.quality === 'low' ? ['Low quality: left out of the averages'] : []),
  ];
}

/**
 * One member's sessions as a line of the history charts: a point per session at its start, with
 * its six figures; low-quality sessions hollow.
 */
export function sessionHistoryLine(
  user: ReportSelection['users'][number],
  sessions: readonly SessionPoint[],
): HistoryLine {
  return {
    userId: user.id,
    userName: user.name,
    colour: user.colour,
    points: sessions.map((session) => ({
      time: session.dateTime,
      values: {
        rmssd: session.rmssd,
        minMax: session.minMax,
        sdnn: session.sdnn,
        lf: session.lf,
        hf: session.hf,
        vlf: session.vlf,
      },
      hollow: session.quality === 'low',
      tooltip: sessionTooltip(session),
    })),
  };
}
