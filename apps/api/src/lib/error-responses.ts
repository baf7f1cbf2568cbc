import { ErrorResponse } from '@resonant/contracts/errors';

/** The statuses our routes answer with `{ message }` (DESIGN §3). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 502;

/**
 * The route schema's response entries for the error statuses a route answers, each the contracts'
 * `{ message }` body: `response: { 200: Answer, ...errorResponses(400, 401, 403) }`.
 */
export function errorResponses<const Status extends ErrorStatus>(
  ...statuses: Status[]
): Record<Status, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<
    Status,
    typeof ErrorResponse
  >;
}
