import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { checkPassword } from './features/auth/auth.service.ts';
import { emailVerificationRoutes } from './features/email-verification/email-verification.routes.ts';
import { createOidcClients } from './features/social-sign-in/oidc-clients.ts';
import { signInMethodsRoutes } from './features/social-sign-in/sign-in-methods.routes.ts';
import { socialSignInRoutes } from './features/social-sign-in/social-sign-in.routes.ts';
import { signInLimits } from './features/auth/sign-in-limits.ts';
import { accessLogRoutes } from './features/access-log/access-log.routes.ts';
import { accountDeletionRoutes } from './features/account-deletion/account-deletion.routes.ts';
import { accountSessionsRoutes } from './features/account-sessions/account-sessions.routes.ts';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { localPayRoutes } from './features/billing/local-pay.routes.ts';
import { stripeWebhookRoutes } from './features/billing/stripe-webhooks.ts';
import { demoOrgRoutes } from './features/demo-org/demo-org.routes.ts';
import { groupsRoutes } from './features/groups/groups.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { invitationsRoutes } from './features/invitations/invitations.routes.ts';
import { emailChangeRoutes } from './features/email-change/email-change.routes.ts';
import { myOrganizationsRoutes } from './features/my-organizations/my-organizations.routes.ts';
import { myReadingsRoutes } from './features/my-readings/my-readings.routes.ts';
import { mySessionsRoutes } from './features/my-sessions/my-sessions.routes.ts';
import { lifetimeClaimsRoutes } from './features/lifetime-claims/lifetime-claims.routes.ts';
import { myDataRoutes } from './features/my-data/my-data.routes.ts';
import { myDashboardRoutes } from './features/my-dashboard/my-dashboard.routes.ts';
import { orgUsersRoutes } from './features/org-users/org-users.routes.ts';
import { organizationsRoutes } from './features/organizations/organizations.routes.ts';
import { participantsRoutes } from './features/participants/participants.routes.ts';
import { passwordsRoutes } from './features/passwords/passwords.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { readingsRoutes } from './features/ingestion/readings.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { sessionsRoutes } from './features/ingestion/sessions.routes.ts';
import { switchRoutes } from './features/switch/switch.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { topOrganizationsRoutes } from './features/top-organizations/top-organizations.routes.ts';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes.ts';
import { serializeError } from './lib/error-log.ts';
import { windowCounter } from './lib/rate-limit.ts';
import { serializeRequest } from './lib/request-log.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { permissionsPlugin } from './plugins/permissions.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { tenantScopePlugin } from './plugins/tenant-scope.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createRuntime } from './runtime.ts';

export type BuildAppOptions = {
  /** Extra routes registered after the features (tests use it to probe the spine). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
};

/** Fastify with the request log, the body limit and the zod type provider. */
function createFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { req: serializeRequest, err: serializeError },
          },
    bodyLimit: 1024 * 1024,
    // Behind reverse proxies the client IP (rate limits, audit) is the hop the nearest one saw.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** The infrastructure plugins every route relies on, session and tenant scope among them. */
async function registerInfrastructure(app: FastifyInstance, deps: AppDeps) {
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: deps.config.PUBLIC_URL,
    // Stripe.js and its frames are allowed only when the browser is to load them.
    stripe: Boolean(deps.config.STRIPE_PUBLISHABLE_KEY),
  });
  // Before any route: it attaches itself to each route as the route is added.
  await app.register(compressionPlugin);
  await app.register(permissionsPlugin);
  await app.register(cookie);
  await app.register(openApiPlugin);
  await app.register(sessionPlugin, deps);
  await app.register(tenantScopePlugin, deps);
  await app.register(storableTextPlugin);
  await app.register(rateLimitPlugin, {
    redisUrl: deps.config.REDIS_URL,
    redisKeyPrefix: deps.config.REDIS_KEY_PREFIX,
  });
}

/**
 * OpenID Connect providers from the environment; on a first run on localhost with none, the
 * in-process development provider (DESIGN §1), mounted here, and its two buttons. Loaded only
 * then, so a deployment never loads oidc-provider.
 */
async function oidcProviders(app: FastifyInstance, config: Config) {
  if (!config.DEV_IDENTITY_PROVIDER) return config.OIDC_PROVIDERS;
  const { createDevIdentityProvider } = await import('./dev/dev-identity-provider.ts');
  const dev = await createDevIdentityProvider({
    issuerOrigin: config.PUBLIC_URL,
    appUrl: config.PUBLIC_URL,
  });
  await app.register(dev.plugin);
  return [...config.OIDC_PROVIDERS, ...dev.settings];
}

/** The HTTP app: infrastructure plugins, then session and tenant scope, then each feature. */
export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = createFastify(deps.config);
  await registerInfrastructure(app, deps);
  const runtime = createRuntime(deps, app.log);
  const { hrv, jobs, billing } = runtime;

  // One set of sign-in limits: a password sent to link a social identity counts with sign-in's.
  const auth = { ...deps, signInLimits: signInLimits(app, deps.config) };
  await app.register(authRoutes, auth);
  await app.register(emailVerificationRoutes, { ...deps, jobs });
  await app.register(twoFactorRoutes, auth);
  const social = {
    ...deps,
    oidc: createOidcClients(await oidcProviders(app, deps.config), deps.config.PUBLIC_URL),
    checkPassword: (email: string, password: string, ip: string) =>
      checkPassword(auth, email, password, ip),
  };
  await app.register(socialSignInRoutes, social);
  await app.register(signInMethodsRoutes, social);
  await app.register(healthRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(accountSessionsRoutes, deps);
  await app.register(accessLogRoutes, deps);
  await app.register(accountDeletionRoutes, deps);
  await app.register(apiTokensRoutes, deps);
  await app.register(myOrganizationsRoutes, deps);
  await app.register(emailChangeRoutes, { ...deps, jobs });
  await app.register(switchRoutes, deps);
  await app.register(tagsRoutes, deps);
  await app.register(readingsRoutes, { ...deps, hrv });
  await app.register(sessionsRoutes, { ...deps, hrv });
  await app.register(myReadingsRoutes, deps);
  await app.register(mySessionsRoutes, deps);
  await app.register(orgUsersRoutes, { ...deps, jobs });
  await app.register(organizationsRoutes, { ...deps, jobs });
  await app.register(groupsRoutes, deps);
  await app.register(participantsRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(reportsRoutes, deps);
  await app.register(myDataRoutes, deps);
  await app.register(myDashboardRoutes, deps);
  await app.register(topOrganizationsRoutes, deps);
  await app.register(invitationsRoutes, { ...deps, jobs });
  await app.register(lifetimeClaimsRoutes, { ...deps, jobs });
  await app.register(passwordsRoutes, {
    ...deps,
    jobs,
    resetMailsPerEmail: windowCounter(app, {
      name: 'password-reset:email',
      max: deps.config.PASSWORD_RESET_MAILS_PER_EMAIL,
      windowSeconds: 3600,
    }),
  });
  await app.register(demoOrgRoutes, { ...deps, jobs });
  await app.register(billingRoutes, { ...deps, billing, log: app.log });
  await app.register(localPayRoutes, { ...deps, billing, log: app.log });
  await app.register(stripeWebhookRoutes, { ...deps, billing });

  app.addHook('onReady', runtime.start);
  app.addHook('onClose', runtime.stop);
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

  await app.register(webAppPlugin, { distDir: deps.config.WEB_DIST_DIR });
  return app;
}
