import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK_FILE = 'resonant.lock';

export type DataDirLockOptions = {
  /** How often the holder touches the lock file to show that it is still alive. */
  refreshMs?: number;
  /** A lock file untouched this long is stale, whatever process now runs under its pid. */
  staleAfterMs?: number;
  /** Told once when the lock may be stale and the start waits to find out. */
  onWait?: (message: string) => void;
  /** Gives up waiting (a stop signal during the start). */
  signal?: AbortSignal;
};

const DEFAULT_REFRESH_MS = 2_000;
const DEFAULT_STALE_AFTER_MS = 15_000;

// Locks this process holds: its own pid in a lock file means "stale" only when it is not one of them.
const heldLocks = new Set<string>();

/** A lock file as read: `token` is null in the plain-pid format of earlier versions. */
type Holder = { pid: number; token: string | null; raw: string; touchedAt: number };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's holder, or null when the file is gone (released meanwhile). */
function readHolder(lockPath: string): Holder | null {
  let raw: string;
  let touchedAt: number;
  try {
    raw = fs.readFileSync(lockPath, 'utf8');
    touchedAt = fs.statSync(lockPath).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { pid, token } = parseLock(raw);
  return { pid, token, raw, touchedAt };
}

/** `{pid, token}`, or a plain pid (earlier versions); pid 0 when unreadable (being written). */
function parseLock(raw: string): { pid: number; token: string | null } {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'number') return { pid: parsed, token: null };
    const { pid, token } = parsed as { pid?: unknown; token?: unknown };
    return {
      pid: typeof pid === 'number' ? pid : 0,
      token: typeof token === 'string' ? token : null,
    };
  } catch {
    return { pid: 0, token: null };
  }
}

/**
 * Whether nobody can still hold this lock: its pid no longer runs, or is ours (left by an earlier
 * process with the same pid), or the file has not been touched for `staleAfterMs`. A lock without
 * a readable pid (being written right now) goes stale only by age.
 */
function isStale(holder: Holder, staleAfterMs: number): boolean {
  if (Date.now() - holder.touchedAt > staleAfterMs) return true;
  return holder.pid !== 0 && (holder.pid === process.pid || !isRunning(holder.pid));
}

function tryCreate(lockPath: string, content: string): boolean {
  try {
    fs.writeFileSync(lockPath, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes a stale lock unless another challenger replaced it since it was read. */
function removeIfUnchanged(lockPath: string, stale: Holder) {
  const now = readHolder(lockPath);
  if (now && now.raw === stale.raw && now.touchedAt === stale.touchedAt) {
    fs.rmSync(lockPath, { force: true });
  }
}

function inUseError(dir: string, pid: number) {
  return new Error(
    `The data directory ${dir} is already in use by another Resonant process (pid ${pid}). ` +
      'Stop that process, or set DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.',
  );
}

/**
 * Takes an exclusive lock on a PGlite data dir. PGlite is single-process: two servers writing the
 * same files would corrupt them, so a second process stops with a clear message. The holder writes
 * its pid and a start token and touches the file every `refreshMs`; a lock whose pid no longer
 * runs, or that nobody touched for `staleAfterMs` (its pid reused by an unrelated process, or the
 * plain-pid format of earlier versions), is taken over, waiting at most that long to tell.
 */
export async function lockDataDir(
  dir: string,
  options: DataDirLockOptions = {},
): Promise<() => void> {
  const refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.resolve(dir, LOCK_FILE);
  if (heldLocks.has(lockPath)) {
    throw new Error(
      `The data directory ${dir} is already in use by this Resonant process (pid ${process.pid}).`,
    );
  }
  const token = randomUUID();
  const content = JSON.stringify({ pid: process.pid, token });
  // A lock nobody touches is stale by then; one still fresh was touched while we waited.
  const deadline = Date.now() + staleAfterMs + refreshMs;
  let watched: Holder | null = null;

  while (!tryCreate(lockPath, content)) {
    const holder = readHolder(lockPath);
    if (!holder) continue;
    if (isStale(holder, staleAfterMs)) {
      removeIfUnchanged(lockPath, holder);
      continue;
    }
    if (holder.raw !== watched?.raw) {
      if (!watched) {
        options.onWait?.(
          `The data directory ${dir} is locked by pid ${holder.pid}; waiting up to ` +
            `${Math.ceil(staleAfterMs / 1000)} s to see whether a Resonant process still holds it…`,
        );
      }
      watched = holder;
    } else if (holder.touchedAt > watched.touchedAt) {
      // Touched while we watched: its holder is alive.
      throw inUseError(dir, holder.pid);
    }
    if (Date.now() > deadline) throw inUseError(dir, holder.pid);
    await sleep(Math.max(10, Math.min(refreshMs / 4, deadline - Date.now())), undefined, {
      signal: options.signal,
    });
  }

  heldLocks.add(lockPath);
  const heartbeat = setInterval(() => refresh(lockPath, token), refreshMs);
  // The heartbeat must not keep a finished process (a CLI, a test run) alive.
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    heldLocks.delete(lockPath);
    if (readHolder(lockPath)?.token === token) fs.rmSync(lockPath, { force: true });
  };
}

/** Touches the lock file while it still carries our token. */
function refresh(lockPath: string, token: string) {
  try {
    if (readHolder(lockPath)?.token !== token) return;
    const now = new Date();
    fs.utimesSync(lockPath, now, now);
  } catch {
    // The directory went away (a test removed it) or is read-only now: nothing left to keep alive.
  }
}
