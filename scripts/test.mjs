// Runs every check of `npm test`: the unit and API integration tests on PGlite with the web build
// and the journeys' demo seed beside them; those on PostgreSQL when TEST_DATABASE_URL is set; the
// bundle budgets of that build; then the browser tests on it with typecheck, lint (with the import
// boundaries and file names), unused code and dependencies (knip) and the licences of the runtime
// dependencies beside them — and ends with one summary line counting every test, in which every
// failed step counts as a failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkStep,
  concurrentCheckSteps,
  createTally,
  playwrightStep,
  skipStep,
  summaryLines,
  vitestStep,
} from './test-steps.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-test-'));
const tally = createTally();
// One build of the web app, in the temp dir: its budgets (apps/web/.size-limit.mjs, read from the
// build's manifest) are checked, then the browser tests run on it.
const webDist = path.join(reportDir, 'web-dist');
// The journeys' server starts on this data dir, the demo seeded into it beforehand.
const e2eData = { E2E_DATA_DIR: path.join(reportDir, 'e2e-data') };
const webBuild = { env: { WEB_DIST_DIR: webDist, ...e2eData } };

// The web build and the demo seed of the journeys' server (e2e/support/seed-demo.ts) run beside
// the unit and API tests: the journeys need both, and after the tests they would be seconds in
// which nothing else runs.
await concurrentCheckSteps(
  tally,
  [
    {
      label: 'web build',
      command: 'npx',
      args: [
        'vite',
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        webDist,
        '--emptyOutDir',
      ],
    },
    {
      label: 'demo seed of the journeys’ server',
      command: 'node',
      args: ['--import', 'tsx', 'apps/web/e2e/support/seed-demo.ts'],
      env: e2eData,
    },
  ],
  (beside) =>
    vitestStep(
      beside,
      'unit + API integration (PGlite)',
      path.join(reportDir, 'vitest-pglite.json'),
      [],
      {
        env: { TEST_DB_BACKEND: 'pglite' },
      },
    ),
);
if (process.env.TEST_DATABASE_URL) {
  await vitestStep(
    tally,
    'API integration (PostgreSQL)',
    path.join(reportDir, 'vitest-postgresql.json'),
    ['--project', 'api (postgresql)'],
    { env: { TEST_DB_BACKEND: 'postgresql' } },
  );
} else {
  skipStep(
    tally,
    'API integration (PostgreSQL)',
    'TEST_DATABASE_URL is not set (.ci/run sets it when a local PostgreSQL answers)',
  );
}

// A bundle over budget fails its own step and still lets the browser tests run.
await checkStep(tally, 'web bundle size (size-limit)', 'npx', ['size-limit'], {
  ...webBuild,
  cwd: 'apps/web',
});

// The checks run beside the browser tests: the journeys wait on the page and the server most of
// the time and leave part of the two cores idle, while the unit and API tests keep both busy
// (decision 0041).
await concurrentCheckSteps(
  tally,
  [
    { label: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
    { label: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
    { label: 'unused code and dependencies (knip)', command: 'npm', args: ['run', '-s', 'knip'] },
    { label: 'licences of runtime dependencies', command: 'npm', args: ['run', '-s', 'licences'] },
  ],
  (beside) =>
    playwrightStep(
      beside,
      'browser (Playwright, Chromium)',
      path.join(reportDir, 'playwright.json'),
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
      webBuild,
    ),
);

console.log('\n=== summary ===');
for (const line of summaryLines(tally)) console.log(line);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(tally.failed > 0 || tally.steps.some((step) => !step.ok) ? 1 : 0);
