import {
  MY_DASHBOARD_SERIES_DAYS,
  type MyDashboardDay,
  type MyDashboardResponse,
} from '@resonant/contracts/my-dashboard';
import { finiteOrNull } from '@resonant/hrv/finite';
import {
  BASELINE_MIN_DAYS,
  BASELINE_WINDOW_DAYS,
  NORMAL_RANGE_MIN_DAYS,
  NORMAL_RANGE_SD_MULTIPLIER,
  NORMAL_RANGE_WINDOW_DAYS,
  dailyLnRmssd,
  dayNumber,
  dayOfNumber,
  normalRangeFiguresOn,
  normalRangeOn,
  readingStanding,
} from '@resonant/hrv/normal-range';
import type { Database } from '../../db/client.ts';
import { dashboardCards } from '../../kernel/dashboard-cards.ts';
import type { PlatformNormsCache } from '../../kernel/platform-norms.ts';
import { normOf } from '../../kernel/population-norm.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import type { Clock } from '../../lib/clock.ts';
import { dailyMorningRmssd, ownFigures } from './my-dashboard.queries.ts';

/** What the dashboard needs: the database, the clock and the platform norms (cached). */
export type MyDashboardDeps = { db: Database; clock: Clock; norms: PlatformNormsCache };

const METHOD: MyDashboardResponse['method'] = {
  baseline_window_days: BASELINE_WINDOW_DAYS,
  baseline_min_days: BASELINE_MIN_DAYS,
  normal_range_window_days: NORMAL_RANGE_WINDOW_DAYS,
  normal_range_min_days: NORMAL_RANGE_MIN_DAYS,
  normal_range_sd_multiplier: NORMAL_RANGE_SD_MULTIPLIER,
};

type Daily = ReadonlyMap<number, number>;

/** The chart's days from `first` to `last` (day numbers), every one, nulls where nothing is known. */
function seriesDays(daily: Daily, first: number, last: number): MyDashboardDay[] {
  const days: MyDashboardDay[] = [];
  for (let day = first; day <= last; day++) {
    const figures = normalRangeFiguresOn(daily, day);
    const ln = daily.get(day);
    days.push({
      date: figures.day,
      morning_rmssd: ln === undefined ? null : finiteOrNull(Math.exp(ln)),
      baseline: figures.baseline,
      normal_low: figures.normalLow,
      normal_high: figures.normalHigh,
    });
  }
  return days;
}

/** Days with a morning value among the baseline's window ending on `day`. */
function validMornings(daily: Daily, day: number): number {
  let count = 0;
  for (let offset = 0; offset < BASELINE_WINDOW_DAYS; offset++) {
    if (daily.has(day - offset)) count++;
  }
  return count;
}

/**
 * The signed-in person's own dashboard (GET /api/v1/dashboard): their latest morning reading
 * against their normal range, the baseline and its CV today, the six figures of the dashboards,
 * 90 days of morning values with baseline and range, and how many valid mornings the last 7 days
 * hold. Only their own readings, by account, in every organisation they recorded in.
 */
export async function myDashboard(
  deps: MyDashboardDeps,
  scope: TenantScope,
): Promise<MyDashboardResponse> {
  const platform = await deps.norms.get();
  const own = await ownFigures(deps.db, scope.accountId, deps.clock(), platform.day);
  const today = dayNumber(own.today);
  const seriesFrom = today - (MY_DASHBOARD_SERIES_DAYS - 1);
  const morning = own.latestMorning;
  const morningDay = morning ? dayNumber(morning.day) : seriesFrom;
  // The normal range of a day reaches back 59 days: of the chart's first, or of the latest morning.
  const firstDay = Math.min(seriesFrom, morningDay) - (NORMAL_RANGE_WINDOW_DAYS - 1);
  const daily: Daily = morning
    ? dailyLnRmssd(await dailyMorningRmssd(deps.db, scope.accountId, dayOfNumber(firstDay)))
    : new Map();
  const current = normalRangeFiguresOn(daily, today);
  const range = morning ? normalRangeOn(daily, morningDay) : null;
  return {
    today: own.today,
    has_readings: own.hasReadings,
    has_baseline: current.baseline !== null,
    latest_morning: morning && {
      taken_at: morning.takenAt.toISOString(),
      date: morning.day,
      rmssd: morning.rmssd,
      standing: range ? readingStanding(morning.rmssd, range) : null,
      normal_low: range?.low ?? null,
      normal_high: range?.high ?? null,
    },
    current: {
      baseline: current.baseline,
      cv_percent: current.cvPercent,
      normal_low: current.normalLow,
      normal_high: current.normalHigh,
    },
    consistency: {
      valid_mornings: validMornings(daily, today),
      needed: BASELINE_MIN_DAYS,
      window_days: BASELINE_WINDOW_DAYS,
    },
    metrics: dashboardCards({
      ...own,
      norm: own.band === null ? null : normOf(own.gender, own.band, platform.norms),
    }),
    series: seriesDays(daily, seriesFrom, today),
    method: METHOD,
  };
}
