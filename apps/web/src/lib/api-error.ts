import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';

/** A non-2xx answer of the API; `data` is the response body exactly as the server sent it. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** True when this 401 already signed the user out (and told them), so callers stay quiet. */
  readonly sessionEnded: boolean;
  /** When the server said to try again (its Retry-After), or null when it did not say. */
  readonly retryAt: Date | null;

  constructor(status: number, data: unknown, sessionEnded = false, retryAt: Date | null = null) {
    super(messageOf(data) ?? FALLBACK_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.sessionEnded = sessionEnded;
    this.retryAt = retryAt;
  }
}

/** The message an error body carries ({message}); null when it has none (no answer, not JSON). */
export function messageOf(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}
