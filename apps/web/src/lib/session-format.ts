import type { SessionMinuteResult } from '@resonant/contracts/reports';
import type { BreathTime } from '@resonant/contracts/sessions';
import type { Tag } from '@resonant/contracts/tags';
import { formatMetric, NO_VALUE } from './hrv-format.ts';

/* How a breathing session's figures read, in the admin's reports and the member's own pages. */

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

/** SPEC §2: a session's minutes are labelled 'Minute 1', 'Minute 2', … */
export function minuteLabel(result: Pick<SessionMinuteResult, 'countTime'>): string {
  return `Minute ${result.countTime}`;
}
