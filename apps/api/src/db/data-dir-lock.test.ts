import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

/** Another process that takes the lock on `dir` and keeps running until killed. */
async function startLockHolder(dir: string): Promise<ChildProcess> {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    lockDataDir(${JSON.stringify(dir)});
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

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('lockDataDir', () => {
  let dir: string;
  const releases: (() => void)[] = [];
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lock-'));
  });
  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    for (const child of children.splice(0)) await kill(child);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lock = (target = dir) => {
    const release = lockDataDir(target);
    releases.push(release);
    return release;
  };

  it('creates the directory when it does not exist yet', () => {
    const nested = path.join(dir, 'data', 'deeper');
    lock(nested);
    expect(fs.existsSync(nested)).toBe(true);
  });

  it('refuses a second lock on the same dir in the same process, naming the pid', () => {
    lock();
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.pid}`);
    expect(() => lockDataDir(dir)).toThrow(dir);
  });

  it('refuses a lock held by another running process, naming its pid', async () => {
    const holder = await startLockHolder(dir);
    children.push(holder);
    let message = '';
    try {
      lock();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`pid ${holder.pid}`);
    expect(message).toContain(dir);
    expect(message).toMatch(/DATA_DIR|DATABASE_URL/);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const holder = await startLockHolder(dir);
    await kill(holder); // killed without releasing: its lock is stale
    expect(() => lock()).not.toThrow();
    // ...and now holds it for real.
    await expect(startLockHolder(dir)).rejects.toThrow(`pid ${process.pid}`);
  });

  it('can be taken again once released, here and by another process', async () => {
    const release = lockDataDir(dir);
    release();
    const again = lockDataDir(dir);
    again();
    const holder = await startLockHolder(dir);
    children.push(holder);
    expect(() => lockDataDir(dir)).toThrow(`pid ${holder.pid}`);
  });

  it('locks different directories independently', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-lock-other-'));
    try {
      lock();
      const release = lockDataDir(other);
      release();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
