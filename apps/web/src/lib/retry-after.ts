import { tooManyAttemptsMessage } from '@resonant/contracts/rate-limit';
import { ApiError } from './api-error.ts';

/** When a Retry-After header (seconds or an HTTP date) says to try again; null without one. */
export function retryAtFrom(header: string | null, now: number): Date | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return new Date(now + Number(value) * 1000);
  // An HTTP date names its month; anything else (e.g. "-5") is no date at all.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? null : new Date(date);
}

/** The moment a refused request (429) may be tried again, or null. */
export function retryAtOf(error: unknown): Date | null {
  return error instanceof ApiError && error.status === 429 ? error.retryAt : null;
}

/** "Too many attempts. Try again in 9 minutes." while `retryAt` is ahead of `now`, else null. */
export function waitMessage(retryAt: Date, now: number): string | null {
  const seconds = (retryAt.getTime() - now) / 1000;
  return seconds > 0 ? tooManyAttemptsMessage(seconds) : null;
}
