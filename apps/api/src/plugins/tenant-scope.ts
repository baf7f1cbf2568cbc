import fp from 'fastify-plugin';
import type { Role } from '@resonant/contracts/roles';
import type { AppDeps } from '../app-deps.ts';
import { loadCallerContext } from '../auth/memberships.queries.ts';
import { can, type MembershipSnapshot } from '../auth/policies.ts';
import { forbidden } from '../lib/http-error.ts';

/**
 * Who is calling and where, resolved from the database on every request. Every query function
 * takes it first and filters by it; ids sent by the client are only candidates within it.
 */
export type TenantScope = {
  accountId: string;
  sessionId: string;
  role: Role;
  orgId: string | null;
  groupId: string | null;
  memberships: MembershipSnapshot;
};

declare module 'fastify' {
  interface FastifyRequest {
    scope: TenantScope;
  }
}

/** Resolves the caller's tenant scope and enforces the route's declared permission (403). */
export const tenantScopePlugin = fp<Pick<AppDeps, 'db' | 'config'>>(async (app, { db, config }) => {
  app.decorateRequest('scope', null as unknown as TenantScope);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    const { accountId, sessionId } = request.session;
    const { memberships, context } = await loadCallerContext(db, accountId, config.APP_ADMIN_EMAIL);
    if (!can(context.role, permission)) throw forbidden();
    request.scope = { accountId, sessionId, memberships, ...context };
  });
});
