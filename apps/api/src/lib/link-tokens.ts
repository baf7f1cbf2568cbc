import { generateToken, hashToken } from './crypto.ts';

const DAY_MS = 86_400_000;

/** When a link issued now stops working. */
export function linkExpiry(now: Date, ttlDays: number): Date {
  return new Date(now.getTime() + ttlDays * DAY_MS);
}

/**
 * The hash of a token nobody will ever hold: stored while a link is waiting to be mailed, or in
 * place of a link a resend replaced, so the column always holds a hash and no old link opens.
 */
export function voidTokenHash(): string {
  return hashToken(generateToken());
}

/** Builds a link from PUBLIC_URL, never from the request's Host header (it can be forged). */
export function linkUrl(publicUrl: string, path: string, token: string): string {
  // Appended, not resolved, so a PUBLIC_URL with a path prefix (https://host/app) keeps it.
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${path}`);
  url.searchParams.set('it', token);
  return url.toString();
}
