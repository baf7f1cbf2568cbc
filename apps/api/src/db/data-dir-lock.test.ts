import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, type DataDirLockOptions } from './data-dir-lock.ts';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

// Short timings, so a stale lock is recognised in well under a second.
const TIMING = { refreshMs: 100, staleAfterMs: 1200 } satisfies DataDirLockOptions;

/** Another process that takes the lock on `dir` and keeps running (and refreshing) until killed. */
async function startLockHolder(dir: string): Promise<ChildProcess> {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    await lockDataDir(${JSON.stringify(dir)}, ${JSON.stringify(TIMING)});
    console.log('locked');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve();
    });
    child.once('exit', (status) => reject(new Error(`lock holder exited (${status}): ${output}`)));
  });
  return child;
}

/** A live process that has nothing to do with Resonant, as a reused pid would be. */
function startUnrelatedProcess(): ChildProcess {
  return spawn('sleep', ['60'], { stdio: 'ignore' });
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the lock to be refused');
}

describe('lockDataDir', () => {
  let dir: string;
  let lockFile: string;
  const releases: (() => void)[] = [];
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lock-'));
    lockFile = path.join(dir, 'resonant.lock');
  });
  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    for (const child of children.splice(0)) await kill(child);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lock = async (options: DataDirLockOptions = {}, target = dir) => {
    const release = await lockDataDir(target, { ...TIMING, ...options });
    releases.push(release);
    return release;
  };

  /** Takes the lock and reports how long that took and what the wait said. */
  const timedLock = async () => {
    const messages: string[] = [];
    const started = performance.now();
    await lock({ onWait: (message) => messages.push(message) });
    return { ms: performance.now() - started, messages };
  };

  const heldByUs = () => JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid === process.pid;

  it('creates the directory when it does not exist yet', async () => {
    const nested = path.join(dir, 'data', 'deeper');
    await lock({}, nested);
    expect(fs.existsSync(nested)).toBe(true);
  });

  it('refuses a second lock on the same dir in the same process, naming the pid', async () => {
    await lock();
    const message = await failureOf(lockDataDir(dir, TIMING));
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain(dir);
  });

  it('refuses a lock kept alive by another Resonant process, naming its pid, without waiting it out', async () => {
    const holder = await startLockHolder(dir);
    children.push(holder);
    const started = performance.now();
    const message = await failureOf(lock());
    // Seen refreshed while watched: refused before the lock could have gone stale.
    expect(performance.now() - started).toBeLessThan(TIMING.staleAfterMs);
    expect(message).toContain(`pid ${holder.pid}`);
    expect(message).toContain(dir);
    expect(message).toMatch(/DATA_DIR|DATABASE_URL/);
  });

  it('keeps its lock file fresh while it holds it', async () => {
    await lock();
    const written = fs.statSync(lockFile).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, TIMING.refreshMs * 3));
    expect(fs.statSync(lockFile).mtimeMs).toBeGreaterThan(written);
  });

  it('takes over at once a lock left by a process that no longer runs', async () => {
    const holder = await startLockHolder(dir);
    await kill(holder); // killed without releasing: its lock is stale
    const { ms, messages } = await timedLock();
    expect(ms).toBeLessThan(TIMING.staleAfterMs / 2);
    expect(messages).toEqual([]);
    expect(heldByUs()).toBe(true);
    // ...and now holds it for real.
    await expect(startLockHolder(dir)).rejects.toThrow(`pid ${process.pid}`);
  });

  it('takes over a lock whose pid is now an unrelated live process once nobody refreshed it', async () => {
    const unrelated = startUnrelatedProcess();
    children.push(unrelated);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: unrelated.pid, token: 'an-old-start' }));
    const { ms, messages } = await timedLock();
    expect(ms).toBeGreaterThanOrEqual(TIMING.staleAfterMs - 50);
    expect(ms).toBeLessThan(TIMING.staleAfterMs + 4 * TIMING.refreshMs);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`pid ${unrelated.pid}`);
    expect(heldByUs()).toBe(true);
  });

  it('takes over at once such a lock when it was last refreshed long ago', async () => {
    const unrelated = startUnrelatedProcess();
    children.push(unrelated);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: unrelated.pid, token: 'an-old-start' }));
    const longAgo = new Date(Date.now() - 10 * TIMING.staleAfterMs);
    fs.utimesSync(lockFile, longAgo, longAgo);
    const { ms } = await timedLock();
    expect(ms).toBeLessThan(TIMING.staleAfterMs / 2);
    expect(heldByUs()).toBe(true);
  });

  it('reads the plain-pid lock of earlier versions: a dead pid at once, a live one once stale', async () => {
    const gone = spawn('true');
    await once(gone, 'exit');
    fs.writeFileSync(lockFile, String(gone.pid));
    expect((await timedLock()).ms).toBeLessThan(TIMING.staleAfterMs / 2);
    releases.pop()?.();

    const unrelated = startUnrelatedProcess();
    children.push(unrelated);
    fs.writeFileSync(lockFile, String(unrelated.pid));
    const { ms, messages } = await timedLock();
    expect(ms).toBeGreaterThanOrEqual(TIMING.staleAfterMs - 50);
    expect(messages[0]).toContain(`pid ${unrelated.pid}`);
    expect(heldByUs()).toBe(true);
  });

  it('stops waiting when its signal is aborted', async () => {
    const unrelated = startUnrelatedProcess();
    children.push(unrelated);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: unrelated.pid, token: 'an-old-start' }));
    const started = performance.now();
    const waiting = lock({ signal: AbortSignal.timeout(100) });
    await expect(waiting).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(performance.now() - started).toBeLessThan(TIMING.staleAfterMs / 2);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(unrelated.pid);
  });

  it('releases only a lock that still carries its own token', async () => {
    const release = await lockDataDir(dir, TIMING);
    const takenOver = JSON.stringify({ pid: process.pid, token: 'someone-else' });
    fs.writeFileSync(lockFile, takenOver);
    release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(takenOver);
  });

  it('can be taken again once released, here and by another process', async () => {
    const release = await lockDataDir(dir, TIMING);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await lockDataDir(dir, TIMING);
    again();
    const holder = await startLockHolder(dir);
    children.push(holder);
    await expect(lockDataDir(dir, TIMING)).rejects.toThrow(`pid ${holder.pid}`);
  });

  it('locks different directories independently', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lock-other-'));
    try {
      await lock();
      const release = await lockDataDir(other, TIMING);
      const otherLockFile = path.join(other, 'resonant.lock');
      expect(JSON.parse(fs.readFileSync(otherLockFile, 'utf8')).pid).toBe(process.pid);
      release();
      expect(fs.existsSync(otherLockFile)).toBe(false);
      expect(heldByUs()).toBe(true);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
