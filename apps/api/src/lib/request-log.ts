import type { FastifyRequest } from 'fastify';

/** The OpenID Connect round trip's paths: a callback's query holds the code and the state. */
const ROUND_TRIP_PATH = '/api/auth/oidc/';
/**
 * Query parameters that carry a live link token: an invitation's (`it`), a lifetime claim's
 * (`ml`), and any `token`. Whoever reads one in a log could use the link.
 */
const TOKEN_PARAMETERS = new Set(['it', 'ml', 'token']);
/** Paths whose next segment is a token: the pay page of an invoice and its API. */
const TOKEN_PATH_PREFIXES = ['/billing/invoice/', '/api/billing/local/invoices/'];
const REDACTED = '[redacted]';

function redactPath(path: string): string {
  const prefix = TOKEN_PATH_PREFIXES.find((candidate) => path.startsWith(candidate));
  if (!prefix) return path;
  const rest = path.slice(prefix.length);
  const slashAt = rest.indexOf('/');
  return `${prefix}${REDACTED}${slashAt < 0 ? '' : rest.slice(slashAt)}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const name = equalsAt < 0 ? pair : pair.slice(0, equalsAt);
      return TOKEN_PARAMETERS.has(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL as the request log writes it, without secrets: under /api/auth/oidc/ without its query,
 * so the code and state of a callback (enough to cancel someone's sign-in) never reach the logs;
 * elsewhere with every link token (in the path or the query) replaced by `[redacted]`.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (queryAt < 0) return redactPath(path);
  if (path.startsWith(ROUND_TRIP_PATH)) return path;
  return `${redactPath(path)}?${redactQuery(url.slice(queryAt + 1))}`;
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
