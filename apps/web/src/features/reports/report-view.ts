import { useState } from 'react';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from './chart-settings.ts';
import { useReportRange, type ReportRange } from './report-range.ts';

/** What a history tab shows, its date range and chart settings, and how its toolbar changes them. */
export type ReportView = {
  range: ReportRange;
  setRange: (range: ReportRange) => void;
  settings: ChartSettings;
  setSettings: (settings: ChartSettings) => void;
};

/** A history tab's view: the default range (following the day) and the default chart settings. */
export function useReportView(): ReportView {
  const [range, setRange] = useReportRange();
  const [settings, setSettings] = useState(DEFAULT_CHART_SETTINGS);
  return { range, setRange, settings, setSettings };
}
