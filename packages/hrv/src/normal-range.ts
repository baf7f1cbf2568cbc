import { finiteOrNull } from './finite.ts';

/**
 * A member's HRV baseline and normal range from their daily RMSSD, after Plews et al. (2012, 2013)
 * and HRV4Training's "normal values":
 *
 * - Work on ln RMSSD: RMSSD is right-skewed, its log is close to normal, so means and standard
 *   deviations of ln RMSSD are meaningful (Plews et al. 2012, "Heart rate variability in elite
 *   triathletes", Eur J Appl Physiol 112:3729).
 * - One value per day: the mean ln RMSSD of the day's readings, so a day with three readings
 *   weighs as much as a day with one.
 * - Baseline: the 7-day rolling mean of the daily values (the day and the 6 before), shown when at
 *   least 3 of those days have a value; its spread is the coefficient of variation of ln RMSSD
 *   over the same days (Plews et al. 2013, "Training adaptation and heart rate variability in
 *   elite endurance athletes", Int J Sports Physiol Perform 8:688, "lnRMSSDcv").
 * - Normal range: the 60-day mean ± 0.5 standard deviations of the daily values (the day and the
 *   59 before), shown once at least 14 of those days have a value (HRV4Training: the baseline
 *   "within normal values" when inside it).
 * - Baseline and range are converted back to ms with exp().
 *
 * Standard deviations are sample ones (n − 1). Days are calendar days `YYYY-MM-DD`; the caller
 * decides the time zone. Pure functions, no I/O; nothing returns NaN (not computable → null).
 */

export const BASELINE_WINDOW_DAYS = 7;
export const BASELINE_MIN_DAYS = 3;
export const NORMAL_RANGE_WINDOW_DAYS = 60;
export const NORMAL_RANGE_MIN_DAYS = 14;
export const NORMAL_RANGE_SD_MULTIPLIER = 0.5;

/** One reading's day and RMSSD (ms): good-quality readings only, the caller leaves the rest out. */
export type DayRmssd = { day: string; rmssd: number };

/** A day's figures in ms (cv in percent); null where the rules above show nothing. */
export type NormalRangeFigures = {
  day: string;
  baseline: number | null;
  cvPercent: number | null;
  normalLow: number | null;
  normalHigh: number | null;
};

export type ReadingStanding = 'below_normal' | 'within_normal' | 'above_normal';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day; throws on anything else. */
export function dayNumber(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getTime() / DAY_MS;
}

/** The `YYYY-MM-DD` of a day number. */
export function dayOfNumber(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The daily values: per day number, the mean ln RMSSD of that day's readings. Readings without a
 * positive, finite RMSSD are left out (ln is undefined there).
 */
export function dailyLnRmssd(readings: readonly DayRmssd[]): Map<number, number> {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const { day, rmssd } of readings) {
    if (!Number.isFinite(rmssd) || rmssd <= 0) continue;
    const key = dayNumber(day);
    const entry = sums.get(key) ?? { sum: 0, count: 0 };
    entry.sum += Math.log(rmssd);
    entry.count += 1;
    sums.set(key, entry);
  }
  return new Map([...sums].map(([key, { sum, count }]) => [key, sum / count]));
}

/** The daily values of the `windowDays` days ending on `day` (inclusive). */
function windowValues(daily: ReadonlyMap<number, number>, day: number, windowDays: number) {
  const values: number[] = [];
  for (let offset = windowDays - 1; offset >= 0; offset--) {
    const value = daily.get(day - offset);
    if (value !== undefined) values.push(value);
  }
  return values;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample standard deviation (n − 1); 0 for a single value. */
function sampleSd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
}

/** The 7-day rolling baseline in ms on `day` (a day number), or null with under 3 days of values. */
export function baselineOn(daily: ReadonlyMap<number, number>, day: number): number | null {
  const values = windowValues(daily, day, BASELINE_WINDOW_DAYS);
  return values.length < BASELINE_MIN_DAYS ? null : finiteOrNull(Math.exp(mean(values)));
}

/**
 * The coefficient of variation (%) of ln RMSSD over the 7 days ending on `day`, or null with under
 * 3 days of values (or a mean of 0, an RMSSD of exactly 1 ms every day).
 */
export function cvPercentOn(daily: ReadonlyMap<number, number>, day: number): number | null {
  const values = windowValues(daily, day, BASELINE_WINDOW_DAYS);
  if (values.length < BASELINE_MIN_DAYS) return null;
  const m = mean(values);
  return m === 0 ? null : finiteOrNull((sampleSd(values) / Math.abs(m)) * 100);
}

/** The normal range in ms on `day`: 60-day mean ± 0.5 SD of ln RMSSD, null under 14 days of values. */
export function normalRangeOn(
  daily: ReadonlyMap<number, number>,
  day: number,
): { low: number; high: number } | null {
  const values = windowValues(daily, day, NORMAL_RANGE_WINDOW_DAYS);
  if (values.length < NORMAL_RANGE_MIN_DAYS) return null;
  const m = mean(values);
  const spread = NORMAL_RANGE_SD_MULTIPLIER * sampleSd(values);
  const low = finiteOrNull(Math.exp(m - spread));
  const high = finiteOrNull(Math.exp(m + spread));
  return low === null || high === null ? null : { low, high };
}

/** The figures of one day (a day number) from the daily ln RMSSD values (`dailyLnRmssd`). */
export function normalRangeFiguresOn(
  daily: ReadonlyMap<number, number>,
  day: number,
): NormalRangeFigures {
  const range = normalRangeOn(daily, day);
  return {
    day: dayOfNumber(day),
    baseline: baselineOn(daily, day),
    cvPercent: cvPercentOn(daily, day),
    normalLow: range?.low ?? null,
    normalHigh: range?.high ?? null,
  };
}

/**
 * The figures of the days from `from` to `to` (inclusive, `YYYY-MM-DD`) that can have one: a day
 * with a value or up to 59 days after one (every window reaches back 59 days at most), from the
 * readings of those days and the 59 before them (earlier ones are ignored, later ones too). Other
 * days would be all null and are skipped without being visited, so the cost follows the days with
 * values, not the calendar span (a lone reading in year 1 is not 700,000 days of work).
 */
export function normalRangeDays(
  readings: readonly DayRmssd[],
  from: string,
  to: string,
): NormalRangeFigures[] {
  const daily = dailyLnRmssd(readings);
  const first = dayNumber(from);
  const last = dayNumber(to);
  const days: NormalRangeFigures[] = [];
  // The next day to visit: days before it are done, so overlapping windows visit a day once.
  let next = first;
  for (const valueDay of [...daily.keys()].sort((a, b) => a - b)) {
    const end = Math.min(last, valueDay + NORMAL_RANGE_WINDOW_DAYS - 1);
    for (let day = Math.max(next, valueDay); day <= end; day++) {
      days.push(normalRangeFiguresOn(daily, day));
    }
    next = Math.max(next, end + 1);
  }
  return days;
}

/** Where an RMSSD (ms) stands against a normal range; the bounds themselves are within it. */
export function readingStanding(
  rmssd: number,
  range: { low: number; high: number },
): ReadingStanding {
  if (rmssd < range.low) return 'below_normal';
  if (rmssd > range.high) return 'above_normal';
  return 'within_normal';
}
