const MINUTE = 60;
const HOUR = 60 * MINUTE;

function counted(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * How long a client must wait, from a Retry-After in seconds, rounded up to what a person reads:
 * "45 seconds", "9 minutes", "2 hours" (never less than the real wait).
 */
export function waitDuration(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < MINUTE) return counted(seconds, 'second');
  if (seconds < 2 * HOUR) return counted(Math.ceil(seconds / MINUTE), 'minute');
  return counted(Math.ceil(seconds / HOUR), 'hour');
}

/** The 429 message of sign-in and sign-up, saying how long to wait. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${waitDuration(retryAfterSeconds)}.`;
}
