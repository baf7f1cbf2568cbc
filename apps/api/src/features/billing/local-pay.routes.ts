import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingMessageResponse,
  CARD_DECLINED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  TEST_INVOICE_NOT_PAYABLE_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  INVOICE_PAID_MESSAGE,
  LocalCardBody,
  LocalHostedInvoice,
  LocalPaymentMethodResponse,
  NOT_A_TEST_CARD_MESSAGE,
} from '@resonant/contracts/billing';
import { localBillingProvider } from '../../lib/billing/local-provider.ts';
import { perClientAuthLimit } from '../../lib/rate-limit.ts';
import type { BillingDeps } from './billing.service.ts';
import {
  createLocalMethod,
  hostedInvoice,
  localInvoicePdf,
  payLocalInvoice,
  type LocalPayDeps,
} from './local-pay.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const tags = ['billing'];
const TEST_MODE_NOTE =
  'Test mode only (no payment provider keys configured; 404 otherwise): no money moves.';
const TEST_INVOICE_NOTE =
  'An invoice test mode issued (its page and PDF open whichever provider is configured now): ' +
  'no money moves.';
const CARD_NOTE =
  `Only the card provider’s published test numbers (400 '${NOT_A_TEST_CARD_MESSAGE}'), not ` +
  `expired (400 '${CARD_EXPIRED_MESSAGE}'); the number is never stored.`;

/** The local invoice's token: its pay page's address, as long as the provider makes them. */
const InvoiceTokenParams = z.object({ token: z.string().min(1).max(200) });

/** The 200 of the PDF in the OpenAPI document; errors stay JSON {message}. */
const PdfFile = z.string().meta({
  description: 'The invoice as a PDF, shown inline.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

/** The PDF as it is: the schema above only documents it. Invoice numbers are plain ASCII. */
function sendPdf(reply: FastifyReply, pdf: { fileName: string; body: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdf.fileName}"`)
    .send(pdf.body);
}

/**
 * The local (test-mode) provider's own pages: what Stripe.js and Stripe's hosted invoice do when
 * Stripe is configured. Saving a typed test card (test mode only); and, without sign-in, a local
 * invoice's pay page data, paying it and its PDF, each named by the invoice's token.
 */
export const localPayRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, deps) => {
  // Test mode's invoices keep their pages once Stripe is configured; its test cards pay none then.
  const pay: LocalPayDeps = {
    db: deps.db,
    testCardsPay: deps.billing.name === 'local',
    local:
      deps.billing.name === 'local'
        ? deps.billing
        : localBillingProvider({
            db: deps.db,
            publicUrl: deps.config.PUBLIC_URL,
            clock: deps.clock,
          }),
  };

  app.post(
    '/api/billing/local/payment_methods',
    {
      config: { permission: 'org.billing.manage', context: 'org' },
      schema: {
        tags,
        summary: 'Make a test card (test mode)',
        description:
          `${TEST_MODE_NOTE} Makes a payment method of the organization from a typed card, as ` +
          'Stripe.js does; save it with POST /api/org/attach_billing_method and the returned ' +
          `id. ${CARD_NOTE}`,
        body: LocalCardBody,
        response: { 200: LocalPaymentMethodResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => createLocalMethod(deps, request.scope, request.body),
  );

  app.get(
    '/api/billing/local/invoices/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'An invoice’s pay page (test mode)',
        description: `${TEST_INVOICE_NOTE} The token in the invoice’s link is the secret: no sign-in.`,
        params: InvoiceTokenParams,
        response: { 200: LocalHostedInvoice, ...errorResponses(400, 404) },
      },
    },
    async (request) => hostedInvoice(pay, request.params.token),
  );

  app.post(
    '/api/billing/local/invoices/:token/pay',
    {
      config: {
        permission: 'public',
        // Each try is a guess at a card, as a sign-in is at a password.
        rateLimit: perClientAuthLimit(deps.config),
      },
      schema: {
        tags,
        summary: 'Pay an invoice with a test card (test mode)',
        description:
          `${TEST_INVOICE_NOTE} The card is charged once and not saved. ${CARD_NOTE} '` +
          `${INVOICE_PAID_MESSAGE}'; 402 '${CARD_DECLINED_MESSAGE}'; 409 ` +
          `'${INVOICE_ALREADY_PAID_MESSAGE}', or '${TEST_INVOICE_NOT_PAYABLE_MESSAGE}' once a real ` +
          `provider is configured; 404 '${INVOICE_NOT_FOUND_MESSAGE}'.`,
        params: InvoiceTokenParams,
        body: LocalCardBody,
        response: { 200: BillingMessageResponse, ...errorResponses(400, 402, 404, 409, 429) },
      },
    },
    async (request) => payLocalInvoice(pay, request.params.token, request.body),
  );

  app.get(
    '/api/billing/local/invoices/:token/pdf',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'An invoice’s PDF (test mode)',
        description: `${TEST_INVOICE_NOTE} Shown inline, named invoice-<number>.pdf.`,
        params: InvoiceTokenParams,
        response: { 200: PdfFile, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await localInvoicePdf(pay, request.params.token)),
  );
};
