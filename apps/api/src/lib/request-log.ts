import type { FastifyRequest } from 'fastify';

/** The OpenID Connect round trip's paths: a callback's query holds the code and the state. */
const ROUND_TRIP_PATH = '/api/auth/oidc/';

/**
 * The URL as the request log writes it: under /api/auth/oidc/ without its query, so the code and
 * state of a callback (enough to cancel someone's sign-in) never reach the logs.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0 || !url.slice(0, queryAt).startsWith(ROUND_TRIP_PATH)) return url;
  return url.slice(0, queryAt);
}

/** Fastify's own request serializer, with the URL through `loggedUrl`. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: String(request.headers['accept-version'] ?? '') || undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
