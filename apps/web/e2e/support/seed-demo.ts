import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BASE_URL } from './env.ts';
import { SERVER_ARGS, serverEnv } from './server-env.ts';

/**
 * Seeds the demo into E2E_DATA_DIR ahead of the journeys (npm test runs this beside the unit
 * tests): the journeys' server then starts on a seeded data dir and answers in seconds. It starts
 * the server there as Playwright does, waits for its health check and stops it; exits 1 when the
 * server did not answer in time or did not stop cleanly.
 */
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR names the data dir to seed');
const TIMEOUT_MS = 240_000;

// Node itself, not a shell: the stop signal must reach the server.
const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: path.resolve(import.meta.dirname, '../../../..'),
  env: { ...process.env, ...serverEnv(dataDir) },
  stdio: 'inherit',
});
const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${BASE_URL}/api/health`)).ok;
  } catch {
    return false;
  }
}

const deadline = Date.now() + TIMEOUT_MS;
let answered = false;
while (!answered && server.exitCode === null && Date.now() < deadline) {
  answered = await healthy();
  if (!answered) await sleep(250);
}
server.kill('SIGTERM');
const code = await exited;
if (!answered) console.error(`The server on ${dataDir} did not answer ${BASE_URL}/api/health.`);
process.exit(answered && code === 0 ? 0 : 1);
