import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignUpBody } from '@resonant/contracts/auth';
import {
  CheckInboxResponse,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@resonant/contracts/email-verification';
import type { AppDeps } from '../../app-deps.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { clientInfo } from '../../kernel/client-info.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { perClientAuthLimit, windowCounter } from '../../lib/rate-limit.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';
import { signUp, type EmailVerificationDeps } from './sign-up.service.ts';
import { resendVerification, verifyEmail } from './verify-email.service.ts';

const tags = ['auth'];

const signUpRoute: Route<EmailVerificationDeps> = (app, deps) =>
  app.post(
    '/api/auth/sign-up',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Sign up: mail a confirmation link',
        description:
          'The same 202 whether or not the address has an account, and no session: a new ' +
          'account is made unproven and sent a link; an address an unproven account holds gets ' +
          'a link that takes it over; a proven one gets a notice.',
        body: SignUpBody,
        response: { 202: CheckInboxResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await signUp(deps, request.body, clientInfo(request))),
  );

const verifyEmailRoute: Route<EmailVerificationDeps> = (app, deps) =>
  app.post(
    '/api/auth/verify-email',
    {
      config: { permission: 'public', rateLimit: perClientAuthLimit(deps.config) },
      schema: {
        tags,
        summary: 'Confirm an email address by its mailed link',
        description:
          'Spends the link once; 410 for a used, replaced, expired or unknown link, 409 when ' +
          'another account proved the address first. Does not sign in.',
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse, ...errorResponses(400, 409, 410, 429) },
      },
    },
    async (request) => verifyEmail(deps, request.body.token, clientInfo(request)),
  );

const resendRoute: Route<EmailVerificationDeps> = (app, deps) =>
  app.post(
    '/api/auth/verify-email/resend',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Mail a new confirmation link to the signed-in account',
        description:
          `Earlier links stop working. 409 when the address is confirmed already; 429 after ` +
          `${deps.config.EMAIL_VERIFICATION_RESENDS_PER_HOUR} links in an hour.`,
        response: { 202: CheckInboxResponse, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await resendVerification(deps, request.session.accountId)),
  );

/** Sign-up and the proof of its address: the mailed link, and a new one on request. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<AppDeps & { jobs: JobWorker }> = async (
  app,
  options,
) => {
  const deps: EmailVerificationDeps = {
    ...options,
    resendsPerAccount: windowCounter(app, {
      name: 'verify-email:account',
      max: options.config.EMAIL_VERIFICATION_RESENDS_PER_HOUR,
      windowSeconds: 3600,
    }),
  };
  registerRoutes(app, deps, [signUpRoute, verifyEmailRoute, resendRoute]);
};
