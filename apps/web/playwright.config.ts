import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium.ts';
import { BASE_URL, MAILBOX_URL } from './e2e/support/env.ts';
import { SERVER_COMMAND, serverEnv } from './e2e/support/server-env.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with \`apt-get install -y chromium\` ` +
      '(Debian) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

// Workers re-evaluate this file; the env var keeps one fresh data dir per run. npm test names one
// it has seeded the demo into already (e2e/support/seed-demo.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'resonant-e2e-'),
));
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two files at a time: one journey leaves most of the two cores idle while it waits on the page
  // and the server (decision 0041). Journeys own their data, so files never share a record.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  outputDir: path.join(os.tmpdir(), 'resonant-e2e-results'),
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node --import tsx apps/web/e2e/support/mail-catcher.ts',
      cwd: repoRoot,
      url: `${MAILBOX_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: SERVER_COMMAND,
      cwd: repoRoot,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: serverEnv(dataDir),
    },
  ],
});
