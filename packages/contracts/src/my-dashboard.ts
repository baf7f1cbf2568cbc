import { z } from 'zod';
import { DashboardMetric } from './analytics.ts';
import { ReadingResult } from './reports.ts';

/** How many days of the member's own daily series the dashboard charts (today included). */
export const MY_DASHBOARD_SERIES_DAYS = 90;

/** One day of the 90-day chart, in ms; null where the day has no value. */
export const MyDashboardDay = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  /** The day's morning value: the geometric mean RMSSD of its good morning readings. */
  morning_rmssd: z.number().nullable(),
  /** The 7-day baseline on that day. */
  baseline: z.number().nullable(),
  normal_low: z.number().nullable(),
  normal_high: z.number().nullable(),
});
export type MyDashboardDay = z.infer<typeof MyDashboardDay>;

/** The member's latest good morning reading and where it stands against their normal range. */
const LatestMorning = z.object({
  taken_at: z.string(),
  /** Its calendar day (YYYY-MM-DD) in its organisation's time zone. */
  date: z.string(),
  rmssd: z.number(),
  /** Null while there is no normal range on that day (under 14 mornings of the 60 days). */
  standing: ReadingResult.nullable(),
  /** The normal range of that day, in ms, which `standing` compares it with. */
  normal_low: z.number().nullable(),
  normal_high: z.number().nullable(),
});

/** The baseline, its CV and the normal range today, in ms (CV in %); null until computable. */
const TodayFigures = z.object({
  baseline: z.number().nullable(),
  cv_percent: z.number().nullable(),
  normal_low: z.number().nullable(),
  normal_high: z.number().nullable(),
});

/**
 * The method's numbers as the server applies them (packages/hrv normal-range.ts), so the page
 * explains exactly what was computed.
 */
const Method = z.object({
  baseline_window_days: z.number().int(),
  baseline_min_days: z.number().int(),
  normal_range_window_days: z.number().int(),
  normal_range_min_days: z.number().int(),
  normal_range_sd_multiplier: z.number(),
});

/** Valid mornings (days with a good morning reading) of the last 7 days against the 3 needed. */
const Consistency = z.object({
  valid_mornings: z.number().int(),
  needed: z.number().int(),
  window_days: z.number().int(),
});

/** GET /api/v1/dashboard: the signed-in person's own HRV at a glance. */
export const MyDashboardResponse = z.object({
  /** The member's today (YYYY-MM-DD), the last day of `series`. */
  today: z.string(),
  /** Whether the person has any reading at all (any kind or quality). */
  has_readings: z.boolean(),
  /** Whether there is a 7-day baseline today (at least 3 valid mornings in the last 7 days). */
  has_baseline: z.boolean(),
  latest_morning: LatestMorning.nullable(),
  current: TodayFigures,
  consistency: Consistency,
  /** The six figures of the dashboards (DASHBOARD_METRICS), for this person alone. */
  metrics: z.array(DashboardMetric),
  /** The last 90 days, oldest first, every day present. */
  series: z.array(MyDashboardDay),
  method: Method,
});
export type MyDashboardResponse = z.infer<typeof MyDashboardResponse>;
