/** The Lighthouse benchmark's table and goals: medians over the runs of each page and preset. */
import {
  CATEGORIES,
  METRICS,
  type AuditSummary,
  type Category,
  type Metric,
  type Preset,
} from './lighthouse-audit.ts';

export type PageResult = { page: string; preset: Preset; summaries: AuditSummary[] };

type Log = (message?: string) => void;

/** Issue 26's goals: the least score of each category, per preset. */
const GOALS: Record<Preset, Record<Category, number>> = {
  mobile: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 95 },
  desktop: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 },
};

const SHORT: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const medianScore = (result: PageResult, category: Category) =>
  median(result.summaries.map((summary) => summary.scores[category]));

function formatMetric(metric: Metric, value: number) {
  if (metric === 'CLS') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;
}

/** The audits that failed in at least half of the runs, with the median number of elements. */
function failingInMost(result: PageResult): string[] {
  const byId = new Map<string, { category: Category; items: number[] }>();
  for (const summary of result.summaries) {
    for (const audit of summary.failing) {
      const entry = byId.get(audit.id) ?? { category: audit.category, items: [] };
      entry.items.push(audit.items);
      byId.set(audit.id, entry);
    }
  }
  return [...byId]
    .filter(([, entry]) => entry.items.length * 2 >= result.summaries.length)
    .map(([id, entry]) => {
      const items = median(entry.items);
      return `${SHORT[entry.category]}: ${id}${items > 0 ? ` (${items})` : ''}`;
    });
}

export function printSummary(results: readonly PageResult[], log: Log): void {
  const header = [
    'page',
    'preset',
    ...CATEGORIES.map((category) => SHORT[category]),
    ...Object.keys(METRICS),
    'TBT cpu',
    'load',
    'bench',
  ];
  const widths = [6, 8, 5, 5, 5, 5, 8, 8, 8, 7, 8, 8, 6, 6];
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
  log(row(header));
  for (const result of results) {
    const metrics = (Object.keys(METRICS) as Metric[]).map((metric) =>
      formatMetric(metric, median(result.summaries.map((summary) => summary.metrics[metric]))),
    );
    const medianOf = (read: (summary: AuditSummary) => number) =>
      median(result.summaries.map(read));
    log(
      row([
        result.page,
        result.preset,
        ...CATEGORIES.map((category) => String(medianScore(result, category))),
        ...metrics,
        formatMetric(
          'TBT',
          medianOf((summary) => summary.cpuTbt),
        ),
        medianOf((summary) => summary.load).toFixed(2),
        medianOf((summary) => summary.benchmarkIndex).toFixed(0),
      ]),
    );
  }
  log(
    "(TBT cpu: the same from the tasks' CPU time, waits for a busy core left out; load: the " +
      "1-minute load average; bench: Lighthouse's benchmark index, its presets expect ≥ 1000)",
  );
  for (const result of results) {
    const failing = failingInMost(result);
    log(`\n${result.page} ${result.preset}: ${failing.length ? '' : 'no failing audits'}`);
    for (const audit of failing) log(`  ${audit}`);
  }
}

/**
 * Why a page may miss its SEO goal on purpose: robots.txt keeps the signed-in pages out of search
 * engines, and Lighthouse weighs `is-crawlable` so that failing it alone fails the category.
 */
const DISALLOWED_ON_PURPOSE =
  'only is-crawlable fails: robots.txt keeps signed-in pages out of search engines on purpose ' +
  '(docs/decisions/0030)';

/** PASS or MISS for each goal of each page and preset (on the median scores). */
export function printGoals(results: readonly PageResult[], log: Log): void {
  for (const result of results) {
    for (const category of CATEGORIES) {
      const goal = GOALS[result.preset][category];
      const score = medianScore(result, category);
      const verdict = score >= goal ? 'PASS' : 'MISS';
      const seoFailures = result.summaries.flatMap((summary) =>
        summary.failing.filter((audit) => audit.category === 'seo').map((audit) => audit.id),
      );
      const onPurpose =
        verdict === 'MISS' &&
        category === 'seo' &&
        seoFailures.length > 0 &&
        seoFailures.every((id) => id === 'is-crawlable');
      log(
        `${verdict}  ${result.page} ${result.preset} ${category} ≥ ${goal} (median ${score})` +
          (onPurpose ? `: ${DISALLOWED_ON_PURPOSE}` : ''),
      );
    }
  }
}
