import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LeaveOrganizationParams,
  LeaveOrganizationResponse,
  MyOrganizationsResponse,
} from '@resonant/contracts/my-organizations';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { leaveOrganization, listMyOrganizations } from './my-organizations.service.ts';

const tags = ['my organizations'];
// A person's own memberships: no context, as someone with no organisation holds it too.
const config = { permission: 'own-data.manage' } as const;

const listRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/user/organizations',
    {
      config,
      schema: {
        tags,
        summary: 'Your organisations, who administers them and what they can see of you',
        description:
          'Each organisation and group you belong to, your role there, the names of its org ' +
          'admins and of the admins of your groups, what those admins can open about you ' +
          '(`admins_can_see`, the keys of ADMIN_VIEWS), and why you could not leave it, if so.',
        response: { 200: MyOrganizationsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listMyOrganizations(deps, request.scope),
  );

const leaveRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/user/organizations/:orgId/membership',
    {
      config,
      schema: {
        tags,
        summary: 'Leave an organisation',
        description:
          'Ends your membership of the organisation and of its groups, as an admin removing you ' +
          'would: your readings and sessions stay yours, its figures stop counting you at once, ' +
          'its admins see you as removed. An organisation you are not in answers 404; its last ' +
          'org admin 409 with the reason.',
        params: LeaveOrganizationParams,
        response: { 200: LeaveOrganizationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => leaveOrganization(deps, request.scope, request.params.orgId),
  );

/** A member's own organisations: list them, leave one. */
export const myOrganizationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [listRoute, leaveRoute]);
};
