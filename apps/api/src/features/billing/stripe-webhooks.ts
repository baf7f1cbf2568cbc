import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { lockForTransaction } from '../../lib/advisory-lock.queries.ts';
import type { BillingProvider } from '../../lib/billing/billing-provider.ts';
import { badRequest } from '../../lib/http-error.ts';
import {
  recordWebhookEvent,
  syncProviderInvoice,
  syncProviderPaymentMethod,
} from './provider-sync.queries.ts';
import { errorResponses } from '../../lib/error-responses.ts';

export type StripeWebhookDeps = Pick<AppDeps, 'db' | 'config' | 'clock'> & {
  billing: BillingProvider;
};

export const WEBHOOKS_OFF_MESSAGE = 'Stripe webhooks are not configured';
export const BAD_SIGNATURE_MESSAGE = 'Invalid Stripe-Signature';

/** Stripe's advice: refuse a signed event older than five minutes, so a captured one cannot be replayed. */
const TOLERANCE_SECONDS = 300;

// The events that change an invoice or a saved card; any other is acknowledged and left alone.
const INVOICE_EVENTS = new Set([
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.marked_uncollectible',
  'invoice.voided',
  'invoice.updated',
]);
const METHOD_EVENTS = new Set([
  'payment_method.attached',
  'payment_method.detached',
  'payment_method.updated',
  'payment_method.automatically_updated',
]);

const WebhookReceived = z.object({ received: z.literal(true) });

/**
 * Records the event once and applies the current state of the object it is about, re-read from
 * Stripe: an event's own copy may be older than another already applied, so only what Stripe
 * holds now is written. A redelivered event stops at its recorded id. When Stripe cannot be read
 * (502) the transaction rolls back with the event unrecorded, and Stripe's redelivery applies it.
 */
async function applyEvent({ db, billing }: StripeWebhookDeps, event: Stripe.Event) {
  const objectId = (event.data.object as { id?: unknown }).id;
  const newDefault = await db.transaction(async (tx) => {
    const fresh = await recordWebhookEvent(tx, 'stripe', event.id);
    if (!fresh || typeof objectId !== 'string') return null;
    const isInvoice = INVOICE_EVENTS.has(event.type);
    if (!isInvoice && !METHOD_EVENTS.has(event.type)) return null;
    // One object's events one at a time, each reading Stripe under the lock: the last to write
    // read last, so two deliveries racing cannot leave an older state behind.
    await lockForTransaction(tx, `stripe:${objectId}`);
    if (isInvoice) {
      const invoice = await billing.retrieveInvoice(objectId);
      if (invoice) await syncProviderInvoice(tx, 'stripe', invoice);
      return null;
    }
    const method = await billing.retrievePaymentMethod(objectId);
    const synced = await syncProviderPaymentMethod(tx, 'stripe', objectId, method);
    return synced && { customerId: synced.newDefaultOf, methodId: objectId };
  });
  if (newDefault) await billing.setDefaultMethod(newDefault.customerId, newDefault.methodId);
}

/** POST /api/billing/webhooks/stripe: Stripe's signed events about invoices and saved cards. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookDeps> = async (app, deps) => {
  // The signature is over the body exactly as sent, so this route (only) keeps it as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/billing/webhooks/stripe',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook',
        description:
          'Events from Stripe, signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature header, events ' +
          `at most ${TOLERANCE_SECONDS} s old). Each event id is processed once; invoice and ` +
          'payment-method events apply the state Stripe holds now. 400 on a missing or bad ' +
          'signature, or when Stripe webhooks are not configured; 502 when Stripe cannot be ' +
          'asked for that state (the event is not recorded, so its redelivery applies it). ' +
          'Nothing changes on a 400 or 502.',
        response: { 200: WebhookReceived, ...errorResponses(400, 502) },
      },
    },
    async (request) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret || deps.billing.name !== 'stripe') throw badRequest(WEBHOOKS_OFF_MESSAGE);
      const signature = request.headers['stripe-signature'];
      if (typeof request.body !== 'string' || typeof signature !== 'string') {
        throw badRequest(BAD_SIGNATURE_MESSAGE);
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          request.body,
          signature,
          secret,
          TOLERANCE_SECONDS,
          undefined,
          deps.clock().getTime(),
        );
      } catch (error) {
        // Only the reason: the error carries the whole payload, which is not ours to log.
        request.log.warn({ reason: (error as Error).message }, 'refused a Stripe webhook');
        throw badRequest(BAD_SIGNATURE_MESSAGE);
      }
      await applyEvent(deps, event);
      return { received: true as const };
    },
  );
};
