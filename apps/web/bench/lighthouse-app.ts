/**
 * The app the Lighthouse benchmark audits: the web app built by Vite into a temporary directory and
 * served by `apps/api/src/server.ts` in production mode, on a fresh PGlite database seeded with the
 * demo — of this checkout, or of another one (BENCH_SERVER_ROOT) to measure "before".
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_DEMO_PASSWORD,
  signInThroughApi,
  spawnServer,
  waitForHealth,
} from '../../api/test/spawned-server.ts';

// The demo seed runs before the server listens: on a busy machine it can take minutes.
const START_TIMEOUT_MS = 10 * 60_000;
const REFRESH_COOKIE = 'resonant_refresh';

export type BenchApp = {
  baseUrl: string;
  /** A fresh refresh cookie (`name=value`) of `email`, from the real sign-in endpoint. */
  signIn: (email: string, password: string) => Promise<string>;
  /** Stops the server (SIGTERM, its graceful stop) and removes its data dir. */
  stop: () => Promise<void>;
};

/** `vite build` of `root`'s web app into `outDir`, with that checkout's own Vite. */
export async function buildWebApp(root: string, outDir: string): Promise<void> {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'build', '--config', 'apps/web/vite.config.ts', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`vite build in ${root} failed (${code}):\n${output}`);
}

/** Starts the server of `root` serving `distDir` and waits until the demo is seeded. */
export async function startBenchApp(root: string, distDir: string): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lighthouse-'));
  const server = await spawnServer(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: distDir,
      DEMO_DATA: 'true',
      DEMO_PASSWORD: BENCH_DEMO_PASSWORD,
      // Every audit of a signed-in page signs in anew (a refresh cookie is spent on use).
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    },
    { root },
  );
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const stop = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
    }
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, { timeoutMs: START_TIMEOUT_MS });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, signIn: (email, password) => signIn(baseUrl, email, password), stop };
}

/** Signs in through the API and returns the refresh cookie the web app restores its session from. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await signInThroughApi(baseUrl, email, password);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in as ${email} set no ${REFRESH_COOKIE} cookie`);
  return cookie;
}
