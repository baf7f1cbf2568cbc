import { ApiError } from '../../lib/api-error.ts';

/** The message the server gave with a refusal; null when it gave none (no answer, not JSON). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * A failed call whose toast shows SPEC §8's own message instead of the server's (the query
 * client toasts an ApiError's message); a 401 that already signed the user out stays quiet.
 */
export function withMessage(error: unknown, message: string): ApiError {
  if (error instanceof ApiError && error.sessionEnded) return error;
  return new ApiError(error instanceof ApiError ? error.status : 0, { message });
}

/** SPEC §8 "server message, fallback …": the server's message when it gave one, else `fallback`. */
export function withFallbackMessage(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError && (error.sessionEnded || serverMessage(error) !== null)) {
    return error;
  }
  return withMessage(error, fallback);
}

/**
 * A card that was not added: its toast is SPEC §8's message for the step that failed ('Card
 * creation failed.', 'Failed to add card.'), and `reason` what the server or the card provider
 * said, shown in the dialog so the person knows what to change.
 */
export class CardNotAddedError extends ApiError {
  readonly reason: string | null;

  constructor(message: string, cause: unknown) {
    const refused = cause instanceof ApiError ? cause : null;
    super(refused?.status ?? 0, { message }, refused?.sessionEnded ?? false);
    this.name = 'CardNotAddedError';
    const said = refused ? serverMessage(refused) : cause instanceof Error ? cause.message : null;
    this.reason = said && said !== message ? said : null;
  }
}
