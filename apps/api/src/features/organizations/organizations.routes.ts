import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  ADMIN_USER_SEARCH_LIMIT,
  AddOrgAdminBody,
  AddOrganizationBody,
  AddOrganizationResponse,
  OrganizationIdQuery,
  OrganizationsQuery,
  OrganizationsResponse,
  RemoveOrgAdminQuery,
  RenameOrganizationBody,
  UserListQuery,
  UserListResponse,
} from '@resonant/contracts/organizations';
import type { OrganizationsDeps } from './organizations.service.ts';
import {
  addOrgAdmin,
  addOrganization,
  deleteOrganizationById,
  listOrganizationSummaries,
  removeOrgAdmin,
  renameOrganizationById,
  searchUsers,
} from './organizations.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const tags = ['organizations'];
// Only the app admin holds it; every other role is answered 403.
const config = { permission: 'admin.organizations.manage' } as const;

const listOrganizationSummariesRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.get(
    '/api/org/profile',
    {
      config,
      schema: {
        tags,
        summary: 'List organizations',
        description:
          'Every organization, newest first, with its groups (Default first), its member and ' +
          'admin counts and its readings and sessions (from the daily activity rollups): what ' +
          'deleting it would remove. `search` matches the name and unique name; `orgId` names ' +
          'one organization (404 when there is none).',
        querystring: OrganizationsQuery,
        response: { 200: OrganizationsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listOrganizationSummaries(deps, request.scope, request.query),
  );

const addOrganizationRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.post(
    '/api/org/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Add an organization',
        description:
          'Creates the organization and its Default group, and invites its first admin by ' +
          'email (`admin_status` invited, whether or not the email has an account). `password` ' +
          'is encrypted with GET /api/auth/public-key and used only when the email has no ' +
          'account yet: that account is made and joins as admin at its first sign-in; an ' +
          'existing account becomes admin only when its person accepts. The unique name is the name (or `uniqueName`) with ' +
          'spaces as hyphens; 409 when it is taken.',
        body: AddOrganizationBody,
        response: { 201: AddOrganizationResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await addOrganization(deps, request.scope, request.body);
      return reply.status(201).send(created);
    },
  );

const renameOrganizationByIdRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.put(
    '/api/org/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Rename an organization',
        description:
          'Sets the name (at least 3 characters after trimming) and the unique name (the name ' +
          'with spaces as hyphens); 409 when another organization has that unique name.',
        body: RenameOrganizationBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => renameOrganizationById(deps, request.scope, request.body),
  );

const deleteOrganizationByIdRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.delete(
    '/api/org/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an organization',
        description:
          'Removes the organization and everything it owns (groups, memberships, invitations, ' +
          'readings and sessions recorded under it, rollups, payment data) in one transaction. ' +
          'Its members keep their accounts and sign in as individual users or in their other ' +
          'organizations. Recorded in the audit log.',
        querystring: OrganizationIdQuery,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteOrganizationById(deps, request.scope, request.query),
  );

const addOrgAdminRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.put(
    '/api/org/admin',
    {
      config,
      schema: {
        tags,
        summary: 'Make a user an organization admin',
        description:
          'A member of the organization becomes an admin; a user from outside it joins it (and ' +
          'its Default group) as an external admin, whose seat the organization does not pay. ' +
          '`isExternal` is accepted as the spec sends it; the memberships decide. 409 when the ' +
          'user is an admin already, or is the app admin.',
        body: AddOrgAdminBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => addOrgAdmin(deps, request.scope, request.body),
  );

const removeOrgAdminRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.delete(
    '/api/org/admin',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an organization admin',
        description:
          'An internal admin stays as a member; an external admin leaves the organization and ' +
          'its groups. 409 for the last admin; 404 when the user is not an admin of it.',
        querystring: RemoveOrgAdminQuery,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeOrgAdmin(deps, request.scope, request.query),
  );

const searchUsersRoute: Route<OrganizationsDeps> = (app, deps) =>
  app.get(
    '/api/user/list',
    {
      config,
      schema: {
        tags,
        summary: 'Search users to make admin',
        description:
          'Accounts whose name or email contains `keyword` (at least 3 characters): members of ' +
          `\`orgId\` when given, else of the whole platform; at most ${ADMIN_USER_SEARCH_LIMIT}, ` +
          'by name. `org_id`/`org_name` are the first organization the account joined, ' +
          '`org_ids` all of them. The app admin account is never listed.',
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => searchUsers(deps, request.scope, request.query),
  );

/** The app admin's organizations and their admins (SPEC §7 "Organizations (app admin)"). */
export const organizationsRoutes: FastifyPluginAsyncZod<OrganizationsDeps> = async (app, deps) => {
  registerRoutes(app, deps, [
    listOrganizationSummariesRoute,
    addOrganizationRoute,
    renameOrganizationByIdRoute,
    deleteOrganizationByIdRoute,
    addOrgAdminRoute,
    removeOrgAdminRoute,
    searchUsersRoute,
  ]);
};
