import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrgsAndGroupsResponse, SwitchBody, SwitchResponse } from '@resonant/contracts/switch';
import type { AppDeps } from '../../app-deps.ts';
import { listOrgsAndGroups, switchContext } from './switch.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const listOrgsAndGroupsRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/switch/orgs_and_groups',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['switch'],
        response: { 200: OrgsAndGroupsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ orgs: await listOrgsAndGroups(deps, request.scope) }),
  );

const switchContextRoute: Route<AppDeps> = (app, deps) =>
  app.post(
    '/api/switch',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['switch'],
        body: SwitchBody,
        response: { 200: SwitchResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => switchContext(deps, request.scope, request.body),
  );

/** Context switching between the caller's orgs and groups (SPEC §7). */
export const switchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listOrgsAndGroupsRoute, switchContextRoute]);
};
