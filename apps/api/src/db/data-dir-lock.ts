import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'resonant.lock';

// Locks this process holds: its own pid in a lock file means "stale" only when it is not one of them.
const heldLocks = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a PGlite data dir. PGlite is single-process: two servers writing the
 * same files would corrupt them, so a second process stops with a clear message. A lock left by a
 * process that no longer runs is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.resolve(dir, LOCK_FILE);
  if (heldLocks.has(lockPath)) {
    throw new Error(
      `The data directory ${dir} is already in use by this Resonant process (pid ${process.pid}).`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.rmSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The data directory ${dir} is already in use by another Resonant process (pid ${holder}). ` +
            'Stop that process, or set DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}
