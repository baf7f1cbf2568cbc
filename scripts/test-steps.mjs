// The steps of `npm test` and the one count they add up to. Every step that fails adds at least
// one failure, so the closing line can never say `0 failed` while anything failed: a test file that
// throws on import, a setup hook that fails, a runner that crashes, or a check (typecheck, lint).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** The running totals of a whole `npm test` and the outcome of each step. */
export function createTally() {
  return { passed: 0, failed: 0, skipped: 0, flaky: [], steps: [] };
}

/**
 * Runs a command asynchronously (so checks can run beside it): its outcome and how long it took.
 * With `keepOutput`, its stdout and stderr (interleaved, and a failure to start) are kept in
 * `output` to print later; otherwise they go as `stdio` says (the console by default).
 */
function spawnCommand(command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: options.keepOutput ? ['ignore', 'pipe', 'pipe'] : (options.stdio ?? 'inherit'),
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const finish = (ok, failure = '') => {
      const outcome = { ok, seconds: Math.round((Date.now() - started) / 1000) };
      if (options.keepOutput) outcome.output = Buffer.concat(chunks).toString() + failure;
      resolve(outcome);
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

/** Runs a command under its heading, its output on the console. */
function runCommand(label, command, args, options = {}) {
  if (options.stdio !== 'ignore') console.log(`\n=== ${label} ===`);
  return spawnCommand(command, args, options);
}

/**
 * Adds one step: its counts (null when it reports none) and its outcome. A failed step whose
 * report shows no failure still counts as one. A flaky test (it failed, then passed on a retry)
 * is never counted as passed: it counts as failed, is named in the summary, and fails the step.
 */
export function record(tally, label, outcome, counts) {
  const flaky = counts?.flaky ?? [];
  const failed = (counts?.failed ?? 0) + flaky.length;
  tally.passed += counts?.passed ?? 0;
  tally.skipped += counts?.skipped ?? 0;
  tally.flaky.push(...flaky);
  tally.failed += outcome.ok || failed > 0 ? failed : 1;
  tally.steps.push({ label, ok: outcome.ok && failed === 0, seconds: outcome.seconds });
}

/** A step that does not run here, printed as skipped with the reason (it counts no test). */
export function skipStep(tally, label, reason) {
  console.log(`\n=== ${label} ===\nskipped: ${reason}`);
  tally.steps.push({ label, ok: true, skipped: reason, seconds: 0 });
}

/** Runs a check that reports no tests (typecheck, lint): it counts only when it fails. */
export async function checkStep(tally, label, command, args, options) {
  record(tally, label, await runCommand(label, command, args, options), null);
}

/** Adds what another tally counted to this one, after its own steps. */
function addTally(tally, other) {
  tally.passed += other.passed;
  tally.failed += other.failed;
  tally.skipped += other.skipped;
  tally.flaky.push(...other.flaky);
  tally.steps.push(...other.steps);
}

/**
 * Runs checks that report no tests at the same time (each with its own `env` added, if any), and
 * `alongside` (another step, given a tally of its own) meanwhile: each leaves a core idle much of
 * the time. Then prints each check's output
 * under its own heading, in the order given, and counts each as checkStep does, before the steps
 * `alongside` counted.
 */
export async function concurrentCheckSteps(tally, steps, alongside = async () => {}) {
  const running = Promise.all(
    steps.map((step) => spawnCommand(step.command, step.args, { keepOutput: true, env: step.env })),
  );
  const beside = createTally();
  await alongside(beside);
  const outcomes = await running;
  steps.forEach((step, index) => {
    const { output, ...outcome } = outcomes[index];
    console.log(`\n=== ${step.label} ===`);
    process.stdout.write(output);
    record(tally, step.label, outcome, null);
  });
  addTally(tally, beside);
}

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * Counts a Vitest JSON report. A file that failed with no failed test of its own (it threw on
 * import, or a hook failed and its tests were skipped) counts as one failure.
 */
export function countVitestReport(report) {
  const brokenFiles = report.testResults.filter(
    (file) =>
      file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** The titles of the tests whose outcome is `flaky` (failed first, passed on a retry). */
function flakyTitles(suites = [], parents = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...parents, suite.title] : parents;
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'flaky')
        .map(() => [...path, spec.title].join(' › ')),
    );
    return [...own, ...flakyTitles(suite.suites, path)];
  });
}

/**
 * Counts a Playwright JSON report; errors outside any test (a failing web server) count too, and
 * flaky tests are listed by title rather than counted as passed.
 */
export function countPlaywrightReport(report) {
  const flaky = flakyTitles(report.suites);
  const unnamedFlaky = Math.max(0, report.stats.flaky - flaky.length);
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    flaky: [...flaky, ...Array.from({ length: unnamedFlaky }, () => '(untitled test)')],
    skipped: report.stats.skipped,
  };
}

/** Runs Vitest with a JSON report next to the console output and counts it. */
export async function vitestStep(tally, label, reportFile, args, options) {
  const outcome = await runCommand(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...args,
    ],
    options,
  );
  const report = readJson(reportFile);
  record(tally, label, outcome, report && countVitestReport(report));
}

/** Runs the Playwright journeys with a JSON report and counts it. */
export async function playwrightStep(tally, label, reportFile, command, args, options = {}) {
  const outcome = await runCommand(label, command, args, {
    ...options,
    env: { ...options.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
  });
  const report = readJson(reportFile);
  record(tally, label, outcome, report && countPlaywrightReport(report));
}

function stepLine(step) {
  if (step.skipped) return `skipped ${step.label}: ${step.skipped}`;
  return `${step.ok ? 'ok    ' : 'FAILED'} ${step.label} (${step.seconds}s)`;
}

/**
 * The per-step lines, the flaky tests by name, and the closing line
 * `tests: N passed, M failed[, K skipped]`, in which M includes the flaky tests.
 */
export function summaryLines(tally) {
  const flaky = tally.flaky.map((title) => `flaky (counted as failed): ${title}`);
  const skipped = tally.skipped ? `, ${tally.skipped} skipped` : '';
  return [
    ...tally.steps.map(stepLine),
    ...(flaky.length ? ['', ...flaky] : []),
    '',
    `tests: ${tally.passed} passed, ${tally.failed} failed${skipped}`,
  ];
}
