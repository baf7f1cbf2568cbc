import type { SessionPoint } from '@resonant/contracts/reports';
import { formatMetric, formatMs } from '../../lib/hrv-format.ts';
import { formatOzPercent, tagNames } from '../../lib/session-format.ts';
import { SERIES } from './chart-settings.ts';
import type { HistoryLine } from './history-chart-option.ts';
import type { ReportSelection } from './report-selection.ts';

/** The session charts' and lists' empty state. */
export const NO_SESSIONS = 'No sessions in this range';

/** The frequency-domain powers' unit; the time-domain figures are in ms. */
const POWER_UNIT = 'ms²';

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
