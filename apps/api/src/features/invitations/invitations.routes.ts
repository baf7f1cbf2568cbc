import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvitationDetails,
  InvitationDetailsQuery,
  InvitationGroupsQuery,
  InvitationGroupsResponse,
  InvitationListQuery,
  InvitationListResponse,
  InvitationSentResponse,
  InviteBody,
  ProcessInvitationBody,
  ProcessInvitationResponse,
  ResendInvitationBody,
  SearchOrgsQuery,
  SearchOrgsResponse,
} from '@resonant/contracts/invitations';
import type { AppDeps } from '../../app-deps.ts';
import { requireInvitationsScope } from '../../kernel/scope.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { windowCounter } from '../../lib/rate-limit.ts';
import type { InvitationsDeps } from './invitations.service.ts';
import {
  invitationGroups,
  invite,
  listInvitationsPage,
  resend,
  searchOrgs,
} from './invitations.service.ts';
import { invitationDetails, processInvitation } from './respond-to-invitation.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

// Org admins, group admins and the app admin share these paths (SPEC §7); the mode each one
// works in is decided by `invitationsModeOf` of contracts/invitations-policies (403 for members).
const managers = { permission: 'authenticated' } as const;
// Refused before the body is read, so a member gets 403 whatever they send.
const refuseNonManagers = async (request: FastifyRequest) => {
  requireInvitationsScope(request.scope);
};
const tags = ['invitations'];
const MODES =
  'An org admin works in their organization, a group admin in their current group (no ' +
  'Organization Admin role, no group choice), the app admin in any organization; members get 403.';

const listInvitationsPageRoute: Route<InvitationsDeps> = (app, deps) =>
  app.get(
    '/api/org/invitation/list',
    {
      config: managers,
      onRequest: refuseNonManagers,
      schema: {
        tags,
        summary: 'List invitations',
        description: `Newest link first, paged. ${MODES}`,
        querystring: InvitationListQuery,
        response: { 200: InvitationListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listInvitationsPage(deps, request.scope, request.query),
  );

const invitationGroupsRoute: Route<InvitationsDeps> = (app, deps) =>
  app.get(
    '/api/org/invitation/groups',
    {
      config: managers,
      onRequest: refuseNonManagers,
      schema: {
        tags,
        summary: 'The groups an invitee can join',
        description: `Default last. The app admin names the organization with org_id. ${MODES}`,
        querystring: InvitationGroupsQuery,
        response: { 200: InvitationGroupsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => invitationGroups(deps, request.scope, request.query),
  );

const inviteRoute: Route<InvitationsDeps> = (app, deps) =>
  app.post(
    '/api/org/invitation',
    {
      config: managers,
      onRequest: refuseNonManagers,
      schema: {
        tags,
        summary: 'Invite a person',
        description:
          `${MODES} The mail is sent in the background (with retries); the link expires after ` +
          `${deps.config.INVITATION_TTL_DAYS} days. 409 when the email is a member already or ` +
          'has a pending invitation; 429 when the organization sent too many invitations lately.',
        body: InviteBody,
        response: { 201: InvitationSentResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const sent = await invite(deps, request.scope, request.body);
      return reply.status(201).send(sent);
    },
  );

const resendRoute: Route<InvitationsDeps> = (app, deps) =>
  app.put(
    '/api/org/invitation',
    {
      config: managers,
      onRequest: refuseNonManagers,
      schema: {
        tags,
        summary: 'Resend an invitation',
        description:
          'Issues a new link with a new expiry; the previous link stops working at once. 409 for ' +
          `an accepted invitation or a member. ${MODES}`,
        body: ResendInvitationBody,
        response: { 200: InvitationSentResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => resend(deps, request.scope, request.body),
  );

const searchOrgsRoute: Route<InvitationsDeps> = (app, deps) =>
  app.get(
    '/api/org/search_orgs',
    {
      config: { permission: 'admin.invitations.manage' },
      schema: {
        tags,
        summary: 'Search organizations by name',
        description: 'For the app admin’s invite dialog: at most 20, by name.',
        querystring: SearchOrgsQuery,
        response: { 200: SearchOrgsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => searchOrgs(deps, request.query.search_term),
  );

const invitationDetailsRoute: Route<InvitationsDeps> = (app, deps) =>
  app.get(
    '/api/invitation-details',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'What an invitation link offers',
        description:
          '404 for a bad, used or replaced link, 410 when it expired. `accountSameAsEmail` says ' +
          'whether the signed-in account is the invited one (only it may answer).',
        querystring: InvitationDetailsQuery,
        response: { 200: InvitationDetails, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => invitationDetails(deps, request.scope, request.query),
  );

const processInvitationRoute: Route<InvitationsDeps> = (app, deps) =>
  app.post(
    '/api/process-invitation',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Accept or reject an invitation',
        description:
          'Only the invited account (403 otherwise). Accepting joins the organization and ' +
          'groups with the invited role and moves the account into that context. A link works once.',
        body: ProcessInvitationBody,
        response: { 200: ProcessInvitationResponse, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => processInvitation(deps, request.scope, request.body),
  );

/** Sending, listing and resending invitations, and the two calls behind the invitation link. */
export const invitationsRoutes: FastifyPluginAsyncZod<AppDeps & { jobs: JobWorker }> = async (
  app,
  options,
) => {
  const deps: InvitationsDeps = {
    ...options,
    sendsPerOrg: windowCounter(app, {
      name: 'invitations:org',
      max: options.config.INVITE_RATE_LIMIT_PER_ORG,
      windowSeconds: options.config.INVITE_RATE_LIMIT_WINDOW_SECONDS,
    }),
  };

  registerRoutes(app, deps, [
    listInvitationsPageRoute,
    invitationGroupsRoute,
    inviteRoute,
    resendRoute,
    searchOrgsRoute,
    invitationDetailsRoute,
    processInvitationRoute,
  ]);
};
