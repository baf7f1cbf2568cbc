import { ApiError, messageOf } from '../../lib/api-error.ts';

/**
 * A failed call whose toast shows SPEC §8's own message instead of the server's (the query
 * client toasts an ApiError's message); a 401 that already signed the user out stays quiet, and
 * a 429's wait (retryAt) is kept.
 */
export function withMessage(error: unknown, message: string): ApiError {
  if (error instanceof ApiError && error.sessionEnded) return error;
  const refused = error instanceof ApiError ? error : null;
  return new ApiError(refused?.status ?? 0, { message }, false, refused?.retryAt ?? null);
}

/** SPEC §8 "server message, fallback …": the server's message when it gave one, else `fallback`. */
export function withFallbackMessage(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError && (error.sessionEnded || messageOf(error.data) !== null)) {
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
    super(
      refused?.status ?? 0,
      { message },
      refused?.sessionEnded ?? false,
      refused?.retryAt ?? null,
    );
    this.name = 'CardNotAddedError';
    const said = refused ? messageOf(refused.data) : cause instanceof Error ? cause.message : null;
    this.reason = said && said !== message ? said : null;
  }
}
