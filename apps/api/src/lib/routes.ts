import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app as a feature's route plugin receives it: request and response typed by the schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * One route of a feature, a small named function that registers it, so a feature's plugin is its
 * list of routes rather than one long body.
 */
export type Route<Deps> = (app: ZodApp, deps: Deps) => unknown;

/** Registers a feature's routes in order; the route plugin's whole body. */
export function registerRoutes<Deps>(app: ZodApp, deps: Deps, routes: readonly Route<Deps>[]) {
  for (const route of routes) route(app, deps);
}
