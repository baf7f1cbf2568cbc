/**
 * `npm run bench:lighthouse`: Lighthouse 12 scores of the built app as a visitor gets them (issue
 * 26): the auth screen `/` signed out and the org dashboard `/org` signed in as the demo org admin,
 * with the mobile preset (simulated throttling of a mid-range phone on a slow 4G) and the desktop
 * one. The web app is built into a temporary directory and served by the real server in
 * production mode on a fresh demo (lighthouse-app.ts); each audit runs in a fresh Debian Chromium
 * (lighthouse-audit.ts).
 *
 * Prints, per page and preset, the median over the runs of the four category scores, of FCP, LCP,
 * TBT, CLS and Speed Index, and the audits that failed in at least half of the runs (with the
 * number of elements they list), then PASS or MISS for each goal. A page that does not end where
 * it was opened (e.g. `/org` sent to the sign-in) fails the run: its figures would be another
 * page's.
 *
 * Goals: mobile performance ≥ 90, accessibility 100, best practices 100, SEO ≥ 95; desktop
 * performance ≥ 95 and the same for the other three.
 *
 * Environment: BENCH_RUNS (audits per page and preset, default 3; scores vary from run to run, so
 * the median is reported); BENCH_PRESETS=mobile,desktop; BENCH_PAGES=/,/org; BENCH_SERVER_ROOT
 * starts the server and builds the web app of another checkout of this repository (its own
 * node_modules installed), e.g. an earlier commit to compare with; BENCH_WEB_DIST_DIR serves that
 * build instead of building one; BENCH_REPORT_DIR keeps each run's report (JSON) and final
 * screenshot there (default: a new temporary directory, printed); CHROMIUM_PATH (default
 * /usr/bin/chromium). Total blocking time is measured on this machine's CPU: a busy machine
 * inflates it, so the load average is printed with each run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ORG_ADMIN_EMAIL } from '../../api/src/demo/demo-org.ts';
import { BENCH_DEMO_PASSWORD } from '../../api/test/spawned-server.ts';
import { buildWebApp, startBenchApp, type BenchApp } from './lighthouse-app.ts';
import {
  auditPage,
  saveFinalScreenshot,
  type AuditSummary,
  type Preset,
} from './lighthouse-audit.ts';
import { printGoals, printSummary, type PageResult } from './lighthouse-report.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The demo's org admin, with the password the bench seeds the demo with. */
const ORG_ADMIN = {
  email: DEMO_ORG_ADMIN_EMAIL,
  password: BENCH_DEMO_PASSWORD,
};
/** The pages audited: who opens them, signed in or not. */
const PAGES: Record<string, { signedIn: boolean }> = {
  '/': { signedIn: false },
  '/org': { signedIn: true },
};

const log = (message = '') => process.stdout.write(`${message}\n`);

const runs = Number(process.env.BENCH_RUNS ?? 3);
const presets = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as Preset[];
const pages = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(',')).split(',');
const serverRoot = path.resolve(process.env.BENCH_SERVER_ROOT ?? repoRoot);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir =
  process.env.BENCH_REPORT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lighthouse-'));

if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a whole number > 0');
if (!presets.every((preset) => preset === 'mobile' || preset === 'desktop')) {
  throw new Error('BENCH_PRESETS must be mobile, desktop or both (comma-separated)');
}
const unknownPage = pages.find((page) => !(page in PAGES));
if (unknownPage) throw new Error(`BENCH_PAGES: no page ${unknownPage} (${Object.keys(PAGES)})`);
if (!fs.existsSync(path.join(serverRoot, 'apps/api/src/server.ts'))) {
  throw new Error(`BENCH_SERVER_ROOT ${serverRoot} is not a checkout of this repository`);
}
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH`,
  );
}
fs.mkdirSync(reportDir, { recursive: true });

const distDir =
  process.env.BENCH_WEB_DIST_DIR ??
  fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lighthouse-dist-'));
if (!process.env.BENCH_WEB_DIST_DIR) {
  log(`building the web app of ${serverRoot}…`);
  await buildWebApp(serverRoot, distDir);
}
log(`starting the server of ${serverRoot} (web app ${distDir}) and seeding the demo…`);
const app = await startBenchApp(serverRoot, distDir);
try {
  const results = await auditAll(app);
  log(`\nmedian of ${runs} run(s); reports and final screenshots in ${reportDir}\n`);
  printSummary(results, log);
  log('');
  printGoals(results, log);
} finally {
  await app.stop();
  if (!process.env.BENCH_WEB_DIST_DIR) fs.rmSync(distDir, { recursive: true, force: true });
}

/**
 * Every page with every preset, `runs` times, one audit after another (they share the CPU). A run
 * that fails is reported and left out; the benchmark then ends with exit code 1.
 */
async function auditAll(benchApp: BenchApp): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of pages) {
    for (const preset of presets) {
      const summaries: AuditSummary[] = [];
      for (let run = 1; run <= runs; run++) {
        const summary = await auditOnce(benchApp, page, preset).catch((error: unknown) => {
          log(`!! ${page} ${preset} run ${run} failed: ${(error as Error).message}`);
          process.exitCode = 1;
          return null;
        });
        if (!summary) continue;
        keepReport(summary, `${fileName(page)}-${preset}-${run}`);
        const { scores, metrics } = summary;
        log(
          `${page} ${preset} run ${run}: ${Object.values(scores).join(' / ')}, ` +
            `TBT ${metrics.TBT.toFixed(0)} ms (CPU time ${summary.cpuTbt.toFixed(0)} ms), ` +
            `LCP ${metrics.LCP.toFixed(0)} ms; load average ${summary.load.toFixed(2)}, ` +
            `benchmark index ${summary.benchmarkIndex.toFixed(0)}; LCP element: ${summary.lcpElement}`,
        );
        summaries.push(summary);
      }
      if (summaries.length) results.push({ page, preset, summaries });
    }
  }
  return results;
}

function fileName(page: string) {
  return page === '/' ? 'root' : page.slice(1).replaceAll('/', '-');
}

function keepReport(summary: AuditSummary, name: string) {
  fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(summary.lhr));
  saveFinalScreenshot(summary.lhr, path.join(reportDir, `${name}.jpg`));
}

async function auditOnce(benchApp: BenchApp, page: string, preset: Preset) {
  const url = `${benchApp.baseUrl}${page}`;
  const cookie = PAGES[page]?.signedIn
    ? await benchApp.signIn(ORG_ADMIN.email, ORG_ADMIN.password)
    : undefined;
  const summary = await auditPage({ url, preset, chromiumPath, cookie });
  // A page sent elsewhere (a lost session sends /org to the sign-in) would be measured instead.
  if (summary.finalUrl !== url) {
    throw new Error(`${url} ended at ${summary.finalUrl}: not the page meant to be measured`);
  }
  return summary;
}
