import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttachMethodBody,
  BillingMessageResponse,
  BillingProviderResponse,
  CARD_DECLINED_MESSAGE,
  InvoicesQuery,
  InvoicesResponse,
  OrgDetailsResponse,
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  PaymentMethodsResponse,
  RemoveMethodBody,
  UpdateBillingDetailsBody,
} from '@resonant/contracts/billing';
import {
  allInvoices,
  attachMethod,
  billingProvider,
  orgDetails,
  orgInvoices,
  paymentMethods,
  removeMethod,
  updateBillingDetails,
  type BillingDeps,
} from './billing.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { registerRoutes, type Route } from '../../lib/routes.ts';

// Org admins acting as org (SPEC §6); group admins and members get 403.
const orgAdmins = { permission: 'org.billing.manage', context: 'org' } as const;
const tags = ['billing'];
const METHOD_ID_NOTE =
  '`method_id` is the provider’s id of the card (Stripe’s `pm_…`, test mode’s `pm_local_…`).';
const INVOICES_NOTE =
  'Drafts (being made) are never listed. Without `sort`, newest period first. `search` matches ' +
  'the number, billing email and status';

const orgDetailsRoute: Route<BillingDeps> = (app, deps) =>
  app.get(
    '/api/org/details',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Billing details of the organization',
        description:
          'Dates are YYYY-MM-DD in the organization’s calendar. The current billing period is ' +
          '[previous_billing_date, next_billing_date); each period starts a whole number of ' +
          'months after billing_start_date and is invoiced on the day it ends.',
        response: { 200: OrgDetailsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => orgDetails(deps, request.scope),
  );

const updateBillingDetailsRoute: Route<BillingDeps> = (app, deps) =>
  app.put(
    '/api/org/update_org_billing_details',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Set the billing email',
        description:
          'The address invoices and failed payments are mailed to (without one, the org admins). ' +
          'Also updates the payment provider’s customer when there is one.',
        body: UpdateBillingDetailsBody,
        response: { 200: BillingMessageResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateBillingDetails(deps, request.scope, request.body),
  );

const billingProviderRoute: Route<BillingDeps> = (app, deps) =>
  app.get(
    '/api/org/billing_provider',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Which payment provider takes cards',
        description:
          '`local`: test mode (no keys configured), cards are typed into the app’s own form and ' +
          'saved with POST /api/billing/local/payment_methods. `stripe`: Stripe.js makes the ' +
          'payment method with `publishable_key`.',
        response: { 200: BillingProviderResponse, ...errorResponses(401, 403) },
      },
    },
    async () => billingProvider(deps),
  );

const paymentMethodsRoute: Route<BillingDeps> = (app, deps) =>
  app.get(
    '/api/org/list_available_methods',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Saved cards',
        description:
          'The default first, then the newest. `current_method_id` is the default’s id, null ' +
          'when no card is the default.',
        response: { 200: PaymentMethodsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => paymentMethods(deps, request.scope),
  );

const attachMethodRoute: Route<BillingDeps> = (app, deps) =>
  app.post(
    '/api/org/attach_billing_method',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Save a card, or change the default',
        description:
          `${METHOD_ID_NOTE} A new card is attached to the organization and saved; it becomes ` +
          'the default with `set_as_default: true`, or when it is the first. For a saved card ' +
          '`set_as_default: true` makes it the default, `false` on the default leaves none, and ' +
          'without `set_as_default` (or `false` on another card) nothing changes. ' +
          `404 '${PAYMENT_METHOD_NOT_FOUND_MESSAGE}' for a card the provider does not know or ` +
          `another organization’s; 402 '${CARD_DECLINED_MESSAGE}' when the card is declined.`,
        body: AttachMethodBody,
        response: { 200: BillingMessageResponse, ...errorResponses(400, 401, 402, 403, 404) },
      },
    },
    async (request) => attachMethod(deps, request.scope, request.body),
  );

const removeMethodRoute: Route<BillingDeps> = (app, deps) =>
  app.post(
    '/api/org/remove_payment_method',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Remove a saved card',
        description:
          `${METHOD_ID_NOTE} Detached at the provider, then removed; removing the default ` +
          `leaves none. 404 '${PAYMENT_METHOD_NOT_FOUND_MESSAGE}' for a card that is not saved.`,
        body: RemoveMethodBody,
        response: { 200: BillingMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeMethod(deps, request.scope, request.body),
  );

const orgInvoicesRoute: Route<BillingDeps> = (app, deps) =>
  app.get(
    '/api/org/invoices/list',
    {
      config: orgAdmins,
      schema: {
        tags,
        summary: 'Invoices of the organization',
        description: `${INVOICES_NOTE}. Amounts in cents.`,
        querystring: InvoicesQuery,
        response: { 200: InvoicesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orgInvoices(deps, request.scope, request.query),
  );

const allInvoicesRoute: Route<BillingDeps> = (app, deps) =>
  app.get(
    '/api/admin/invoices',
    {
      config: { permission: 'admin.invoices.read' },
      schema: {
        tags,
        summary: 'Invoices of every organization (app admin)',
        description: `${INVOICES_NOTE}, and the organization’s name. Amounts in cents.`,
        querystring: InvoicesQuery,
        response: { 200: InvoicesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => allInvoices(deps, request.scope, request.query),
  );

/** SPEC §7 "Billing": billing details, saved cards and invoices; the app admin's invoices. */
export const billingRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, deps) => {
  registerRoutes(app, deps, [
    orgDetailsRoute,
    updateBillingDetailsRoute,
    billingProviderRoute,
    paymentMethodsRoute,
    attachMethodRoute,
    removeMethodRoute,
    orgInvoicesRoute,
    allInvoicesRoute,
  ]);
};
