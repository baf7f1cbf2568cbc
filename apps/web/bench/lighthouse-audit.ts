/**
 * One Lighthouse audit of one page: a fresh Debian Chromium (a new profile each time), Lighthouse's
 * Node API with its mobile (default: simulated throttling on a mid-range phone) or desktop preset,
 * and the figures the benchmark reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { cpuBlockingTime } from './lighthouse-cpu.ts';
import { CHROMIUM_ARGS } from '../e2e/support/chromium.ts';

export type Preset = 'mobile' | 'desktop';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The metrics reported, by their Lighthouse audit ids; CLS has no unit, the others are ms. */
export const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

/** An audit of the four categories that did not pass, with the number of elements it lists. */
type FailingAudit = { id: string; category: Category; items: number };

export type AuditSummary = {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  failing: FailingAudit[];
  finalUrl: string;
  /** What the largest contentful paint was, as Lighthouse quotes the element. */
  lcpElement: string;
  /** TBT from the tasks' CPU time instead of their wall time (lighthouse-cpu.ts). */
  cpuTbt: number;
  /** The 1-minute load average when the audit started: TBT grows on a busy machine. */
  load: number;
  /** Lighthouse's measure of the machine's speed (it expects 1000 or more for its presets). */
  benchmarkIndex: number;
  lhr: Result;
};

const CONFIGS: Record<Preset, Config | undefined> = {
  mobile: undefined,
  desktop: desktopConfig,
};

// Lighthouse's own view of a failed audit: below 0.9 (its report's red and orange).
const PASSING_SCORE = 0.9;
const COUNTED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

/**
 * A headless Chromium as the e2e runs it, QUIC and background traffic off for steady figures, and
 * what else keeps a browser quiet while it is measured (as Lighthouse's own launcher does).
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];
// Chromium says where its DevTools listen on stderr once it is up.
const DEVTOOLS_PORT = /DevTools listening on ws:\/\/[^/\s]+:(\d+)\//;

type AuditOptions = {
  url: string;
  preset: Preset;
  chromiumPath: string;
  /** The refresh cookie (`name=value`) of a signed-in visitor; none audits a signed-out one. */
  cookie?: string;
};

export async function auditPage({
  url,
  preset,
  chromiumPath,
  cookie,
}: AuditOptions): Promise<AuditSummary> {
  const load = os.loadavg()[0] ?? 0;
  const chrome = await launchChromium(chromiumPath);
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
        // The session restore's POST /api/auth/refresh carries it, as the browser would send the
        // cookie the sign-in set (Lighthouse's documented way to audit a signed-in page).
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      CONFIGS[preset],
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const slowdown = lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1;
    return { ...summarise(lhr, load), cpuTbt: cpuBlockingTime(artifacts.Trace, slowdown) };
  } finally {
    await chrome.stop();
  }
}

/** Starts Chromium with a new profile and its DevTools on a free port, for Lighthouse to drive. */
async function launchChromium(chromiumPath: string) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lighthouse-chrome-'));
  const child = spawn(
    chromiumPath,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    // Its helper processes may still be writing the profile for a while after it exits: a profile
    // left behind in the temporary directory does not make the run's figures wrong.
    try {
      fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`left ${userDataDir} behind: ${(error as Error).message}`);
    }
  };
  try {
    return { port: await devtoolsPort(child), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function devtoolsPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = DEVTOOLS_PORT.exec(output)?.[1];
      if (!port) return;
      child.stderr?.off('data', read);
      resolve(Number(port));
    };
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
}

function summarise(lhr: Result, load: number): Omit<AuditSummary, 'cpuTbt'> {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
  ) as Record<Metric, number>;
  return {
    scores,
    metrics,
    failing: failingAudits(lhr),
    finalUrl: lhr.finalDisplayedUrl,
    lcpElement: lcpElement(lhr),
    load,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lhr,
  };
}

function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      // The metrics are reported as figures of their own (TTI and max FID unweighted, hidden).
      if (ref.group === 'metrics' || ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || !COUNTED_MODES.has(audit.scoreDisplayMode)) continue;
      if (audit.score >= PASSING_SCORE) continue;
      const details = audit.details as { items?: unknown[] } | undefined;
      failing.push({ id: ref.id, category, items: details?.items?.length ?? 0 });
    }
  }
  return failing;
}

function lcpElement(lhr: Result): string {
  type Node = { node?: { snippet?: string; nodeLabel?: string } };
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: Node[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.nodeLabel ?? node?.snippet ?? '(none)';
}

/** Writes the page as it ended (Lighthouse's final screenshot, a JPEG), to look at. */
export function saveFinalScreenshot(lhr: Result, file: string): void {
  const data = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  if (!data) return;
  fs.writeFileSync(file, Buffer.from(data.replace(/^data:image\/\w+;base64,/, ''), 'base64'));
}
