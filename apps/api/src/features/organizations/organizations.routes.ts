import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@resonant/contracts/errors';
import { AddOrganizationBody, AddOrganizationResponse } from '@resonant/contracts/organizations';
import type { AppDeps } from '../../app-deps.ts';
import { addOrganization } from './organizations.service.ts';

const tags = ['organizations'];

/** The app admin's organizations (SPEC §7 "Organizations (app admin)"). */
export const organizationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/api/org/profile',
    {
      config: { permission: 'admin.organizations.manage' },
      schema: {
        tags,
        summary: 'Add an organization',
        description:
          'Creates the organization, its Default group and its first admin. `password` is ' +
          'encrypted with GET /api/auth/public-key and used only when the email has no account ' +
          'yet; an existing account becomes the admin with its own password and profile. 409 ' +
          'when the unique name is taken.',
        body: AddOrganizationBody,
        response: {
          201: AddOrganizationResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await addOrganization(deps, request.scope, request.body);
      return reply.status(201).send(created);
    },
  );
};
