// Runs every check of `npm test` in order — typecheck, lint, unit and API integration tests on PGlite
// (and on PostgreSQL when TEST_DATABASE_URL is set), then the browser tests — and ends with one
// summary line counting every test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-test-'));
const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = outcome.status === 0;
  results.push({ label, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  return true;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return false;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  return true;
}

function vitest(label, file, extraArgs, env) {
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...extraArgs,
    ],
    env,
  );
  // A run that crashed before reporting still counts as a failure.
  if (!countVitest(file) && !ok) failed += 1;
}

run('typecheck', 'npm', ['run', '-s', 'typecheck']);
run('lint', 'npm', ['run', '-s', 'lint']);

const pgliteEnv = { TEST_DB_BACKEND: 'pglite' };
vitest(
  'unit + API integration (PGlite)',
  path.join(reportDir, 'vitest-pglite.json'),
  [],
  pgliteEnv,
);
if (process.env.TEST_DATABASE_URL) {
  vitest(
    'API integration (PostgreSQL)',
    path.join(reportDir, 'vitest-postgresql.json'),
    ['--project', 'api (postgresql)'],
    { TEST_DB_BACKEND: 'postgresql' },
  );
}

const e2eReport = path.join(reportDir, 'playwright.json');
const e2eOk = run('browser (Playwright, Chromium)', 'npm', ['run', '-s', 'test:e2e'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
if (!countPlaywright(e2eReport) && !e2eOk) failed += 1;

console.log('\n=== summary ===');
for (const result of results) {
  console.log(`${result.ok ? 'ok    ' : 'FAILED'} ${result.label} (${result.seconds}s)`);
}
const stepsFailed = results.filter((result) => !result.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(stepsFailed > 0 || failed > 0 ? 1 : 0);
