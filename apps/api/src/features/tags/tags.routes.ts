import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TagsResponse } from '@resonant/contracts/tags';
import type { AppDeps } from '../../app-deps.ts';
import { requireOrg } from '../../kernel/scope.ts';
import { listOfferedTags } from './tags.queries.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const getTagsRoute: Route<AppDeps> = (app, { db }) =>
  app.get(
    '/api/tags',
    {
      config: { permission: 'authenticated', context: 'org' },
      schema: {
        tags: ['tags'],
        summary: 'Tags offered to your organisation',
        description:
          'The platform-wide tags and your organisation’s own, sorted by name. Their ids are ' +
          'what `tags` of POST /api/v1/readings and /api/v1/sessions take.',
        response: { 200: TagsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ list: await listOfferedTags(db, requireOrg(request.scope)) }),
  );

/** GET /api/tags (SPEC §7): the tags readings and sessions of the caller's organisation may carry. */
export const tagsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerRoutes(app, deps, [getTagsRoute]);
};
