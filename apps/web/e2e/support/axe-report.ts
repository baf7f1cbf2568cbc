import fs from 'node:fs';
import type { AxeGuard } from './axe-guard.ts';

/**
 * `AXE_REPORT=/path.json` turns the axe guard from a gate into a count: each test adds what it
 * found to the file instead of failing, and the file says per rule how many elements (unique by
 * rule, page key and target) and pages break it. Tests run one at a time (`workers: 1`), so
 * reading and rewriting the file per test is safe.
 */
export const AXE_REPORT = process.env.AXE_REPORT;

interface Report {
  tests: number;
  axeSeconds: number;
  axeRuns: number;
  /** Axe runs per key, the most first: where the guard's time goes. */
  runsPerKey: Record<string, number>;
  rules: Record<string, { impact: string; elements: number; pages: number }>;
  /** `rule | page | target`, one per violating element. */
  elements: string[];
  checked: string[];
  /** Pages and overlays a test reached but never acted on once they had settled: not checked. */
  unchecked: string[];
  errors: string[];
}

const SEPARATOR = ' | ';

function read(file: string): Report {
  if (!fs.existsSync(file)) {
    return {
      tests: 0,
      axeSeconds: 0,
      axeRuns: 0,
      runsPerKey: {},
      rules: {},
      elements: [],
      checked: [],
      unchecked: [],
      errors: [],
    };
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
}

const union = (list: string[], more: Iterable<string>) => [...new Set([...list, ...more])].sort();

export function addToAxeReport(file: string, guard: AxeGuard, testTitle: string) {
  const report = read(file);
  const impacts = new Map<string, string>();
  for (const key of Object.keys(report.rules)) impacts.set(key, report.rules[key]!.impact);
  const found = guard.violations.flatMap((violation) => {
    impacts.set(violation.rule, violation.impact);
    return violation.targets.map((target) =>
      [violation.rule, violation.page, target].join(SEPARATOR),
    );
  });
  report.tests += 1;
  for (const [key, runs] of guard.runs) {
    report.axeRuns += runs;
    report.runsPerKey[key] = (report.runsPerKey[key] ?? 0) + runs;
  }
  report.runsPerKey = Object.fromEntries(
    Object.entries(report.runsPerKey).sort(([, a], [, b]) => b - a),
  );
  report.axeSeconds = Math.round((report.axeSeconds + guard.axeMs / 1000) * 10) / 10;
  report.elements = union(report.elements, found);
  report.checked = union(report.checked, guard.checked);
  const unchecked = [...guard.seen].filter((key) => !guard.checked.has(key));
  report.unchecked = union(
    report.unchecked,
    unchecked.map((key) => `${key} (${testTitle})`),
  );
  report.errors = union(report.errors, guard.errors);
  report.rules = {};
  for (const [rule, impact] of impacts) {
    const mine = report.elements.filter((entry) => entry.startsWith(`${rule}${SEPARATOR}`));
    const pages = new Set(mine.map((entry) => entry.split(SEPARATOR)[1]));
    if (mine.length > 0) report.rules[rule] = { impact, elements: mine.length, pages: pages.size };
  }
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
