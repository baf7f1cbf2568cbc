import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ApiTokenScope } from '@resonant/contracts/api-tokens';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@resonant/contracts/passwords';
import type { AppDeps } from '../app-deps.ts';
import { loadSignedInCaller, type SignedInCaller } from '../kernel/memberships.queries.ts';
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

/**
 * Resolves the bearer token to a live session and its caller, in one database round trip; any
 * non-public route without one answers 401, and a caller with a temporary password 403 on every
 * route not opened for it (the one place that gate is kept).
 */
export const sessionPlugin = fp<Pick<AppDeps, 'db' | 'clock'>>(async (app, { db, clock }) => {
  app.decorateRequest('session', null as unknown as SignedInCaller);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    const token = bearerToken(request);
    const caller = token ? await loadSignedInCaller(db, hashToken(token), clock()) : null;
    if (!caller) throw unauthorized();
    if (caller.passwordChangeRequired && !request.routeOptions.config.openWithTemporaryPassword) {
      throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE);
    }
    request.session = caller;
  });
});
