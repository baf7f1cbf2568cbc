/** An error whose message is safe to show the user, answered with its status code (and headers). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A provider we depend on did not answer; the cause goes to the log, not to the user. */
export const badGateway = (message: string, cause?: unknown) => {
  const error = new HttpError(502, message);
  error.cause = cause;
  return error;
};
/** A 429 always says, in Retry-After, how many seconds to wait. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
