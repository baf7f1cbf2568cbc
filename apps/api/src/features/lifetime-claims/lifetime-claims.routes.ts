import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  ClaimDetails,
  ClaimDetailsQuery,
  ClaimIssuedResponse,
  ClaimListQuery,
  ClaimListResponse,
  ClaimMembershipBody,
  IssueClaimBody,
} from '@resonant/contracts/lifetime-claims';
import {
  claimDetails,
  claimMembership,
  issueClaim,
  listClaimLinks,
  type LifetimeClaimsDeps,
} from './lifetime-claims.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

const admin = { permission: 'admin.lifetime-claims.manage' } as const;
const tags = ['lifetime memberships'];

const listClaimLinksRoute: Route<LifetimeClaimsDeps> = (app, deps) =>
  app.get(
    '/api/admin/lifetime-claims',
    {
      config: admin,
      schema: {
        tags,
        summary: 'List lifetime-membership claim links',
        querystring: ClaimListQuery,
        response: { 200: ClaimListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listClaimLinks(deps, request.query),
  );

const issueClaimRoute: Route<LifetimeClaimsDeps> = (app, deps) =>
  app.post(
    '/api/admin/lifetime-claims',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Issue a claim link',
        description:
          'Mails a single-use link for the email (optionally for one organization); earlier ' +
          `unclaimed links of that email stop working. It expires after ${deps.config.CLAIM_LINK_TTL_DAYS} days.`,
        body: IssueClaimBody,
        response: { 201: ClaimIssuedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const issued = await issueClaim(deps, request.scope, request.body);
      return reply.status(201).send(issued);
    },
  );

const claimDetailsRoute: Route<LifetimeClaimsDeps> = (app, deps) =>
  app.get(
    '/api/life_time_subscription/claim_details',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'What a claim link offers',
        description: '404 for a bad, used, replaced or expired link.',
        querystring: ClaimDetailsQuery,
        response: { 200: ClaimDetails, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => claimDetails(deps, request.scope, request.query),
  );

const claimMembershipRoute: Route<LifetimeClaimsDeps> = (app, deps) =>
  app.post(
    '/api/life_time_subscription/claim_membership',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Claim a lifetime membership',
        description:
          'Only the account with the link’s email (403 otherwise). Binds the membership to it for ' +
          'good; 409 when the account holds one already.',
        body: ClaimMembershipBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => claimMembership(deps, request.scope, request.body),
  );

/** The app admin's claim links and the two calls behind a claim link (SPEC §2, §4, §7). */
export const lifetimeClaimsRoutes: FastifyPluginAsyncZod<LifetimeClaimsDeps> = async (
  app,
  deps,
) => {
  registerRoutes(app, deps, [
    listClaimLinksRoute,
    issueClaimRoute,
    claimDetailsRoute,
    claimMembershipRoute,
  ]);
};
