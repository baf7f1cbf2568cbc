import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import {
  API_TOKEN_NOT_ACCEPTED_MESSAGE,
  API_TOKEN_PREFIX,
  apiTokenScopeMessage,
  type ApiTokenScope,
} from '@resonant/contracts/api-tokens';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@resonant/contracts/passwords';
import type { AppDeps } from '../app-deps.ts';
import {
  loadApiTokenCaller,
  loadSignedInCaller,
  type SignedInCaller,
} from '../kernel/memberships.queries.ts';
import type { Database } from '../db/client.ts';
import { hashToken } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a caller whose password is temporary (set by an admin): only what replacing
     * it needs (read the profile, change the password, sign out). Every other route answers 403.
     */
    openWithTemporaryPassword?: boolean;
    /**
     * The scope a personal API token needs to call this route (`/api/v1` only); a route without
     * one answers a token 401, whatever its scopes.
     */
    tokenScope?: ApiTokenScope;
  }
  interface FastifyRequest {
    /**
     * The caller's session with its memberships and resolved context; set on every route that is
     * not public (plugins/tenant-scope.ts turns it into `request.scope`).
     */
    session: SignedInCaller;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The one path prefix whose routes may take a personal API token. */
const TOKEN_PATHS = '/api/v1/';

/**
 * The caller of a personal API token, for a route under /api/v1 that names the scope it needs: 401
 * on any other route (without reading the database) and for an unknown, revoked or expired token;
 * 403 for a live token without the route's scope.
 */
async function apiTokenCaller(
  db: Database,
  request: FastifyRequest,
  token: string,
  now: Date,
): Promise<SignedInCaller> {
  const { tokenScope } = request.routeOptions.config;
  if (!tokenScope || !request.routeOptions.url?.startsWith(TOKEN_PATHS)) {
    throw unauthorized(API_TOKEN_NOT_ACCEPTED_MESSAGE);
  }
  const found = await loadApiTokenCaller(db, hashToken(token), tokenScope, now);
  if (!found) throw unauthorized();
  if (!found.scopes.includes(tokenScope)) throw forbidden(apiTokenScopeMessage(tokenScope));
  return found.caller;
}

/**
 * Resolves the bearer token to a live session (or a personal API token, on the routes that take
 * one) and its caller, in one database round trip; any non-public route without one answers 401,
 * and a caller with a temporary password 403 on every route not opened for it (the one place that
 * gate is kept). Refuses to start when a route outside /api/v1 names a token scope.
 */
export const sessionPlugin = fp<Pick<AppDeps, 'db' | 'clock'>>(async (app, { db, clock }) => {
  app.decorateRequest('session', null as unknown as SignedInCaller);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    const token = bearerToken(request);
    let caller: SignedInCaller | null = null;
    if (token?.startsWith(API_TOKEN_PREFIX))
      caller = await apiTokenCaller(db, request, token, clock());
    else if (token) caller = await loadSignedInCaller(db, hashToken(token), clock());
    if (!caller) throw unauthorized();
    if (caller.passwordChangeRequired && !request.routeOptions.config.openWithTemporaryPassword) {
      throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE);
    }
    request.session = caller;
  });

  const misplaced: string[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.tokenScope && !route.url.startsWith(TOKEN_PATHS)) {
      misplaced.push(`${String(route.method)} ${route.url}`);
    }
  });
  app.addHook('onReady', async () => {
    if (misplaced.length > 0) {
      throw new Error(`Token scopes outside ${TOKEN_PATHS}: ${misplaced.join(', ')}`);
    }
  });
});
