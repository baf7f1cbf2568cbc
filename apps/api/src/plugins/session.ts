import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { findActiveSession } from '../auth/auth.queries.ts';
import { hashToken } from '../lib/crypto.ts';
import { unauthorized } from '../lib/http-error.ts';

type SignedInSession = { sessionId: string; accountId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set on every route that is not public. */
    session: SignedInSession;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the bearer token to a live session; any non-public route without one answers 401. */
export const sessionPlugin = fp<Pick<AppDeps, 'db' | 'clock'>>(async (app, { db, clock }) => {
  app.decorateRequest('session', null as unknown as SignedInSession);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    const token = bearerToken(request);
    const session = token ? await findActiveSession(db, hashToken(token), clock()) : null;
    if (!session) throw unauthorized();
    request.session = session;
  });
});
