import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { requireAdminSecondFactor } from '../kernel/admin-second-factor.ts';
import { can } from '../kernel/policies.ts';
import {
  needsDeclaredContext,
  requireContext,
  type RequiredContext,
  type TenantScope,
} from '../kernel/scope.ts';
import { forbidden } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    scope: TenantScope;
  }
  interface FastifyContextConfig {
    /**
     * The context the route needs whatever the caller's role (auth/scope.ts); every route of an
     * organisation permission must declare one.
     */
    context?: RequiredContext;
  }
}

/**
 * Makes the caller's tenant scope from the caller the session plugin loaded (no database access
 * here) and enforces the route's declared permission and context (403), before its input is read.
 * Refuses to start when a route of an organisation permission declares no context, so a new route
 * cannot forget it.
 */
export const tenantScopePlugin = fp(async (app) => {
  app.decorateRequest('scope', null as unknown as TenantScope);
  app.addHook('onRequest', async (request) => {
    const { permission, context: required } = request.routeOptions.config;
    if (!permission || permission === 'public') return;
    const { accountId, sessionId, memberships, context, snapshot, secondFactor } = request.session;
    if (!can(context.role, permission)) throw forbidden();
    requireAdminSecondFactor(permission, context, secondFactor);
    request.scope = { accountId, sessionId, memberships, ...context, snapshot, ip: request.ip };
    if (required) requireContext(request.scope, required);
  });

  const undeclared: string[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const permission = route.config?.permission;
    if (permission && needsDeclaredContext(permission) && !route.config?.context) {
      undeclared.push(`${String(route.method)} ${route.url}`);
    }
  });
  app.addHook('onReady', async () => {
    if (undeclared.length > 0) {
      throw new Error(`Routes without a declared context: ${undeclared.join(', ')}`);
    }
  });
});
