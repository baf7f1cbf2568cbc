import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  checkStep,
  concurrentCheckSteps,
  countPlaywrightReport,
  createTally,
  record,
  skipStep,
  summaryLines,
  vitestStep,
} from './test-steps.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-broken-workspace-'));
afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));

// A workspace of its own (no config: Vitest's defaults, globals so no file imports anything).
function writeWorkspace(files) {
  fs.writeFileSync(path.join(workspace, 'package.json'), '{"type":"module"}\n');
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(workspace, name), text);
  }
}

describe('the summary line of npm test', () => {
  it('counts a file that throws on import and a failing setup hook as failures', async () => {
    writeWorkspace({
      'passes.test.mjs': "it('passes', () => {});\n",
      'throws-on-import.test.mjs': "throw new Error('broken on purpose');\n",
      'failing-hook.test.mjs':
        "beforeAll(() => { throw new Error('setup fails on purpose'); });\n" +
        "it('never runs', () => {});\n",
    });
    const tally = createTally();
    await vitestStep(
      tally,
      'broken workspace',
      path.join(workspace, 'report.json'),
      ['--root', workspace, '--globals'],
      { cwd: repoRoot, stdio: 'ignore' },
    );

    expect(tally.passed).toBe(1);
    expect(tally.failed).toBeGreaterThanOrEqual(2);
    expect(tally.steps).toEqual([expect.objectContaining({ ok: false })]);
    expect(summaryLines(tally).at(-1)).toMatch(/^tests: 1 passed, [1-9]\d* failed/);
  }, 60_000); // It starts a whole Vitest run, which takes seconds on a busy 2-core machine.

  it('counts a step that fails without any report as one failure', async () => {
    const tally = createTally();
    await checkStep(tally, 'typecheck', process.execPath, ['-e', 'process.exit(2)'], {
      stdio: 'ignore',
    });
    await checkStep(tally, 'lint', process.execPath, ['-e', 'process.exit(0)'], {
      stdio: 'ignore',
    });

    expect(tally.failed).toBe(1);
    expect(summaryLines(tally)).toEqual([
      expect.stringMatching(/^FAILED typecheck/),
      expect.stringMatching(/^ok {5}lint/),
      '',
      'tests: 0 passed, 1 failed',
    ]);
  });

  it('runs checks at once and beside a step, prints each check under its heading in order and counts all', async () => {
    const tally = createTally();
    const printed = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line) => printed.push(line));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      printed.push(String(text));
      return true;
    });
    try {
      await concurrentCheckSteps(
        tally,
        [
          {
            label: 'slow failing check',
            command: process.execPath,
            args: [
              '-e',
              "setTimeout(() => { console.error('broken rule'); process.exit(1); }, 300)",
            ],
          },
          { label: 'quick check', command: process.execPath, args: ['-e', "console.log('clean')"] },
          { label: 'missing tool', command: path.join(workspace, 'no-such-tool'), args: [] },
        ],
        // A step beside them, with a count of its own, summed after the checks.
        async (beside) =>
          record(
            beside,
            'tests beside',
            { ok: true, seconds: 0 },
            { passed: 3, failed: 0, skipped: 1 },
          ),
      );
    } finally {
      log.mockRestore();
      write.mockRestore();
    }

    expect(printed).toEqual([
      '\n=== slow failing check ===',
      'broken rule\n',
      '\n=== quick check ===',
      'clean\n',
      '\n=== missing tool ===',
      expect.stringContaining('ENOENT'),
    ]);
    expect(tally.failed).toBe(2);
    expect(summaryLines(tally)).toEqual([
      expect.stringMatching(/^FAILED slow failing check/),
      expect.stringMatching(/^ok {5}quick check/),
      expect.stringMatching(/^FAILED missing tool/),
      expect.stringMatching(/^ok {5}tests beside/),
      '',
      'tests: 3 passed, 2 failed, 1 skipped',
    ]);
  });

  it('counts errors outside any browser test (a web server that did not start)', () => {
    const report = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'Timed out waiting 120000ms from config.webServer.' }],
    };
    expect(countPlaywrightReport(report)).toEqual({
      passed: 0,
      failed: 1,
      flaky: [],
      skipped: 0,
    });
  });

  it('counts a flaky browser test as failed, names it, and fails its step', () => {
    const report = {
      stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'users.spec.ts',
          specs: [],
          suites: [
            {
              title: 'users',
              specs: [
                { title: 'adds a user', tests: [{ status: 'flaky' }] },
                { title: 'edits a user', tests: [{ status: 'expected' }] },
              ],
            },
          ],
        },
      ],
    };
    const tally = createTally();
    record(tally, 'browser', { ok: true, seconds: 1 }, countPlaywrightReport(report));

    expect(tally.steps).toEqual([expect.objectContaining({ ok: false })]);
    expect(summaryLines(tally)).toEqual([
      'FAILED browser (1s)',
      '',
      'flaky (counted as failed): users.spec.ts › users › adds a user',
      '',
      'tests: 3 passed, 1 failed',
    ]);
  });

  it('prints a step that does not run as skipped with its reason, counting no test', () => {
    const tally = createTally();
    skipStep(tally, 'API integration (PostgreSQL)', 'TEST_DATABASE_URL is not set');

    expect(tally.failed).toBe(0);
    expect(summaryLines(tally)).toEqual([
      'skipped API integration (PostgreSQL): TEST_DATABASE_URL is not set',
      '',
      'tests: 0 passed, 0 failed',
    ]);
  });
});
