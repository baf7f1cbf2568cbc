import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Resonant API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Each operation carries the permission its route declares (x-permission) and the context it
    // needs (x-context: org or group), so clients and the tests know who may call it and where.
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const { permission, context } = input.route.config ?? {};
      return { url, schema: { ...schema, 'x-permission': permission, 'x-context': context } };
    },
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, permission: 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
