import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The demo password of a bench's server: it runs in production mode, where the published one is
 * refused (config/demo-env.ts). DEMO_PASSWORD chooses another.
 */
export const BENCH_DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Bench#Demo2026';

export type SpawnedServer = {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves once its output matches; rejects if it exits first or `timeoutMs` passes. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Resolves with its exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
};

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Where and how the server runs, beyond its environment. */
type SpawnOptions = {
  /** Another checkout of this repository (its own node_modules), e.g. an earlier commit. */
  root?: string;
  /** Modules imported before server.ts (`node --import`), e.g. a benchmark's probe. */
  preload?: string[];
  /** An IPC channel to the child (`child.send`), for a preloaded probe to answer on. */
  ipc?: boolean;
};

/**
 * Starts `apps/api/src/server.ts` as a user would (`node --import tsx`, from the repo root), or that
 * of another checkout at `root`.
 */
export async function spawnServer(
  env: Record<string, string>,
  { root = repoRoot, preload = [], ipc = false }: SpawnOptions = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...imports, 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // No mail leaves a test's server: it stays in the outbox, production mode included.
      SMTP_URL: '',
      MAIL_OUTBOX: 'true',
      ...env,
    },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`)),
        timeoutMs,
      );
      const check = () => {
        if (pattern.test(output)) done();
      };
      const done = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      listeners.add(check);
      void exited.then((code) =>
        done(new Error(`exited (${code}) before ${pattern}; output:\n${output}`)),
      );
      check();
    });

  return { child, port, output: () => output, waitFor, exited };
}

/**
 * Polls `/api/health` until it answers 200 (the server listens only once its demo seed is done) and
 * returns the database it reports; fails if the server exits first, `signal` aborts or `timeoutMs`
 * passes.
 */
export async function waitForHealth(
  server: SpawnedServer,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ database: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `the server exited (${exitCode ?? signalCode}) while starting; output:\n${server.output()}`,
      );
    }
    const response = await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => null);
    if (response?.ok) return (await response.json()) as { database: string };
    await delay(250);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** Signs in through the real endpoint; its answer carries the bearer token and the refresh cookie. */
export async function signInThroughApi(
  baseUrl: string,
  email: string,
  password: string,
): Promise<Response> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  }
  return response;
}

/** A fresh, empty database for a spawned server: a PGlite data dir, or a PostgreSQL database. */
export type ServerDatabase = {
  /** What the server needs in its environment to use it. */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | null;
  dispose: () => Promise<void>;
};

/** On the test run's backend, so a PostgreSQL run exercises PostgreSQL. */
export async function freshServerDatabase(
  backend: { kind: 'pglite' } | { kind: 'postgresql'; url: string },
): Promise<ServerDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-server-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (backend.kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      databaseUrl: null,
      dispose: removeDir,
    };
  }
  const name = `resonant_server_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: backend.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(backend.url);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await removeDir();
    },
  };
}
