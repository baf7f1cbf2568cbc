import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse } from '@resonant/contracts/auth';
import {
  DisableTwoFactorBody,
  RecoveryCodesResponse,
  TotpCodeBody,
  TwoFactorPolicy,
  TwoFactorSetup,
  TwoFactorStatus,
  VerifyTwoFactorBody,
} from '@resonant/contracts/two-factor';
import { z } from 'zod';
import { clientInfo } from '../../kernel/client-info.ts';
import { sendSession } from '../../kernel/session-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { verifySecondFactor, type TwoFactorDeps } from './two-factor-sign-in.service.ts';
import { readAdminMfaPolicy, setAdminMfaPolicy } from './two-factor-policy.service.ts';
import {
  confirmSetup,
  disableTwoFactor,
  readTwoFactor,
  regenerateRecoveryCodes,
  startSetup,
} from './two-factor.service.ts';

const tags = ['two-factor'];
const signedIn = { permission: 'authenticated' } as const;
// The org admins acting as org set who must use a second factor (SPEC §6's people management).
const orgAdmins = { permission: 'org.users.manage', context: 'org' } as const;

const statusRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.get(
    '/api/user/two-factor',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Whether the account has a second factor',
        response: { 200: TwoFactorStatus, ...errorResponses(401) },
      },
    },
    async (request) => readTwoFactor(deps, request.scope),
  );

const setupRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.post(
    '/api/user/two-factor/setup',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app',
        description: 'A new secret, pending until POST /api/user/two-factor/confirm takes a code.',
        response: { 200: TwoFactorSetup, ...errorResponses(401, 409) },
      },
    },
    async (request) => startSetup(deps, request.scope),
  );

const confirmRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.post(
    '/api/user/two-factor/confirm',
    {
      config: { ...signedIn, rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Turn two-factor authentication on with a current code',
        description: 'Answers the ten recovery codes, once: only their hashes are kept.',
        body: TotpCodeBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => confirmSetup(deps, request.scope, request.body.code),
  );

const disableRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.post(
    '/api/user/two-factor/disable',
    {
      config: { ...signedIn, rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Turn two-factor authentication off',
        description: 'With a current code or the password. The app admin keeps it (403).',
        body: DisableTwoFactorBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(deps, request.scope, request.body);
      return reply.status(204).send(null);
    },
  );

const recoveryCodesRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.post(
    '/api/user/two-factor/recovery-codes',
    {
      config: { ...signedIn, rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Replace the recovery codes',
        body: TotpCodeBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => regenerateRecoveryCodes(deps, request.scope, request.body.code),
  );

const verifyRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.post(
    '/api/auth/two-factor',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in',
        description:
          'Exchanges the challenge of a sign-in and a current code (or a recovery code) for the session.',
        body: VerifyTwoFactorBody,
        response: { 200: AuthResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      sendSession(
        reply,
        await verifySecondFactor(deps, request.body, clientInfo(request)),
        200,
        deps.config.PUBLIC_URL,
      ),
  );

const policyRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.get(
    '/api/org/two-factor-policy',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Whether the organization requires a second factor of its admins',
        response: { 200: TwoFactorPolicy, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readAdminMfaPolicy(deps, request.scope),
  );

const setPolicyRoute: Route<TwoFactorDeps> = (app, deps) =>
  app.put(
    '/api/org/two-factor-policy',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Require (or not) a second factor of the organization’s admins',
        description: 'Turning it on needs a second factor of the admin doing it (409).',
        body: TwoFactorPolicy,
        response: { 200: TwoFactorPolicy, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => setAdminMfaPolicy(deps, request.scope, request.body),
  );

/** The second factor: enrolment and its codes, the sign-in's second step, an org's requirement. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorDeps> = async (app, deps) => {
  registerRoutes(app, deps, [
    statusRoute,
    setupRoute,
    confirmRoute,
    disableRoute,
    recoveryCodesRoute,
    verifyRoute,
    policyRoute,
    setPolicyRoute,
  ]);
};
