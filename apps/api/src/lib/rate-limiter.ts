import type { Clock } from './clock.ts';

/**
 * Fixed-window attempt counter kept in memory. Enough for one API process; several instances
 * would each count their own share (a shared store is the upgrade path).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt for `key`; false when the key is already over `limit` in this window. */
  hit(key: string, limit: number): boolean {
    const now = this.clock().getTime();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    window.count += 1;
    return window.count <= limit;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
