import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { PERMISSIONS, type Permission } from '@resonant/contracts/roles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a caller needs; every /api route must declare one. */
    permission?: Permission;
  }
}

/**
 * Refuses to start an app in which an /api route declares no permission (or an unknown one), so a
 * route can never be public by omission.
 */
export const permissionsPlugin = fp(async (app) => {
  const apiRoutes: RouteOptions[] = [];
  // Checked once all routes exist, so a plugin's own onRoute hook may still declare them.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith('/api')) apiRoutes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = apiRoutes
      .filter(
        (route) => !route.config?.permission || !PERMISSIONS.includes(route.config.permission),
      )
      .map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) {
      throw new Error(`Routes without a declared permission: ${undeclared.join(', ')}`);
    }
  });
});
