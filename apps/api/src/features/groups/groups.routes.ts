import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  AddGroupAdminBody,
  CreateGroupBody,
  GroupAdminsResponse,
  GroupIdQuery,
  GroupListQuery,
  GroupListResponse,
  GroupUsersQuery,
  GroupUsersResponse,
  RemoveGroupAdminQuery,
  RenameGroupBody,
} from '@resonant/contracts/groups';
import type { AppDeps } from '../../app-deps.ts';
import {
  addGroupAdmin,
  createGroup,
  deleteGroup,
  listGroupAdmins,
  listGroups,
  removeGroupAdmin,
  renameGroup,
  searchGroupUsers,
} from './groups.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const config = { permission: 'org.groups.manage', context: 'org' } as const;
const tags = ['groups'];

const listGroupsRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/group/profile',
    {
      config,
      schema: {
        tags,
        summary: 'List the groups of the organization',
        description:
          'Every group of the current organization: Default first (`is_default`), then by name.',
        querystring: GroupListQuery,
        response: { 200: GroupListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      list: await listGroups(deps, request.scope, request.query),
    }),
  );

const createGroupRoute: Route<AppDeps> = (app, deps) =>
  app.post(
    '/api/group/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Create a group',
        description:
          'The name is unique within the organization (ignoring case, 409 otherwise); the admins ' +
          'must be members of the organization who are not organization admins, and become ' +
          'members and admins of the new group.',
        body: CreateGroupBody,
        response: { 201: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await createGroup(deps, request.scope, request.body);
      return reply.status(201).send({ message: 'Group created successfully' });
    },
  );

const renameGroupRoute: Route<AppDeps> = (app, deps) =>
  app.put(
    '/api/group/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a group',
        description: 'The Default group cannot be renamed (403); a taken name answers 409.',
        body: RenameGroupBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await renameGroup(deps, request.scope, request.body);
      return { message: 'Group updated successfully' };
    },
  );

const deleteGroupRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/group/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a group',
        description:
          'The Default group cannot be deleted (403). Members stay in the organization and in ' +
          'its Default group.',
        querystring: GroupIdQuery,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteGroup(deps, request.scope, request.query);
      return { message: 'Group deleted successfully' };
    },
  );

const listGroupAdminsRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/group/admins',
    {
      config,
      schema: {
        tags,
        summary: 'List the admins of a group',
        description: 'The group admins, without the organization admins (they manage every group).',
        querystring: GroupIdQuery,
        response: { 200: GroupAdminsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      list: await listGroupAdmins(deps, request.scope, request.query),
    }),
  );

const addGroupAdminRoute: Route<AppDeps> = (app, deps) =>
  app.put(
    '/api/group/admins',
    {
      config,
      schema: {
        tags,
        summary: 'Add an admin to a group',
        description:
          'The user must be a member of the organization and not an organization admin; they ' +
          'become a member and admin of the group. Adding an admin again changes nothing.',
        body: AddGroupAdminBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await addGroupAdmin(deps, request.scope, request.body);
      return { message: 'Admin added successfully' };
    },
  );

const removeGroupAdminRoute: Route<AppDeps> = (app, deps) =>
  app.delete(
    '/api/group/admins',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an admin from a group',
        description:
          'The user stays a member of the group. The last admin of a group cannot be removed (400).',
        querystring: RemoveGroupAdminQuery,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeGroupAdmin(deps, request.scope, request.query);
      return { message: 'Admin removed successfully' };
    },
  );

const searchGroupUsersRoute: Route<AppDeps> = (app, deps) =>
  app.get(
    '/api/group/users',
    {
      config,
      schema: {
        tags,
        summary: 'Users for the admin picker',
        description:
          '`groupId` with `addAdmins=true`: members of the organization who are not yet admins ' +
          'of that group. `keyword` (at least 3 characters): members whose first name, last ' +
          'name or email contains it, ignoring case; both together narrow the candidates. ' +
          'Organization admins are never offered. At most 20 users, by name.',
        querystring: GroupUsersQuery,
        response: { 200: GroupUsersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      list: await searchGroupUsers(deps, request.scope, request.query),
    }),
  );

/** The org admin's groups and group admins (SPEC §7 "Groups"); the org is always the caller's. */
export const groupsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [
    listGroupsRoute,
    createGroupRoute,
    renameGroupRoute,
    deleteGroupRoute,
    listGroupAdminsRoute,
    addGroupAdminRoute,
    removeGroupAdminRoute,
    searchGroupUsersRoute,
  ]);
};
