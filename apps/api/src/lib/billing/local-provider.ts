import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CARD_EXPIRED_MESSAGE,
  NOT_A_TEST_CARD_MESSAGE,
  type LocalCardBody,
} from '@resonant/contracts/billing';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { badRequest } from '../http-error.ts';
import type {
  BillingProvider,
  ChargeResult,
  ProviderInvoice,
  ProviderPaymentMethod,
} from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';
import {
  deleteLocalMethod,
  findLocalInvoice,
  findLocalMethod,
  insertLocalMethod,
  type InvoiceRow,
  type LocalMethodRow,
} from './local-provider.queries.ts';
import {
  declinedOnAttach,
  declineMessage,
  findTestCard,
  type TestCard,
  type TestCardOutcome,
} from './test-cards.ts';

type LocalCard = z.output<typeof LocalCardBody>;

/**
 * The built-in test-mode provider (no keys: every first run and the demo). It keeps what Stripe
 * would keep: cards as brand, last 4, expiry and what their test number does (never the number),
 * in `local_payment_methods`; its invoices are our `invoices` rows, named by a random token that
 * is also the pay page's address. No money moves.
 */
export type LocalBillingProvider = BillingProvider & {
  readonly name: 'local';
  /** Saves a test card for the organisation (what Stripe.js does in the browser); returns its id. */
  createMethod(orgId: string, card: LocalCard): Promise<{ id: string }>;
  /** Charges a card typed on the local pay page, without saving it. */
  chargeCard(card: LocalCard): ChargeResult;
};

// One customer per organisation, named after it: nothing to store, the same id every time, and
// never one another provider made (an id kept from Stripe is not the local provider's).
const customerIdOf = (orgId: string) => `cus_local_${orgId}`;

// Hex, not base64url: method ids must match the contracts' MethodId (letters, digits, `_`).
const newMethodId = () => `pm_local_${randomBytes(16).toString('hex')}`;

// 192 random bits: the token alone opens the invoice's pay page and PDF, as Stripe's hosted links do.
const newInvoiceToken = () => `in_local_${randomBytes(24).toString('base64url')}`;

function methodOf(row: LocalMethodRow): ProviderPaymentMethod {
  return {
    id: row.id,
    customerId: customerIdOf(row.orgId),
    card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
  };
}

/** The pay page (web) and the PDF (API) of an invoice, both opened by its token alone. */
const invoiceLinks = (base: string, token: string) => ({
  invoiceUrl: `${base}/billing/invoice/${token}`,
  pdfUrl: `${base}/api/billing/local/invoices/${token}/pdf`,
});

function invoiceOf(base: string, row: InvoiceRow, token: string): ProviderInvoice {
  return {
    providerInvoiceId: token,
    number: row.number ?? '',
    status: row.invoiceStatus === 'paid' ? 'paid' : row.invoiceStatus === 'void' ? 'void' : 'open',
    attemptCount: row.invoiceStatus === 'failed' ? 1 : 0,
    ...invoiceLinks(base, token),
    paidAt: row.paidAt,
  };
}

/** The test card behind a typed number, refused (400) unless it is a test number still valid. */
function testCardOf(card: LocalCard, now: Date): TestCard {
  const testCard = findTestCard(card.number);
  if (!testCard) throw badRequest(NOT_A_TEST_CARD_MESSAGE);
  // A card is good until the end of its expiry month.
  const expired =
    card.exp_year < now.getUTCFullYear() ||
    (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
  if (expired) throw badRequest(CARD_EXPIRED_MESSAGE);
  return testCard;
}

/** What charging a test card does: it pays, or it is declined with Stripe's words. */
const charge = (outcome: TestCardOutcome, now: Date): ChargeResult =>
  outcome === 'succeeds'
    ? { paid: true, paidAt: now }
    : { paid: false, message: declineMessage(outcome) };

/** A built-in provider on `db`; links start at `publicUrl`, paid dates come from `clock`. */
export function localBillingProvider(deps: {
  db: Database;
  publicUrl: string;
  clock: Clock;
}): LocalBillingProvider {
  const { db, clock } = deps;
  // Appended, not resolved, so a PUBLIC_URL with a path prefix keeps it (as lib/link-tokens does).
  const base = deps.publicUrl.replace(/\/+$/, '');

  return {
    name: 'local',

    async ensureCustomer(org) {
      return customerIdOf(org.orgId);
    },

    // Nothing is kept about the customer: every invoice takes the organisation's details as given.
    async updateCustomer() {},

    async createMethod(orgId, card) {
      const { brand, outcome } = testCardOf(card, clock());
      return insertLocalMethod(db, {
        id: newMethodId(),
        orgId,
        brand,
        last4: card.number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
        chargeOutcome: outcome,
      });
    },

    chargeCard(card) {
      const now = clock();
      return charge(testCardOf(card, now).outcome, now);
    },

    async attachMethod({ orgId, customerId, methodId }) {
      if (customerId !== customerIdOf(orgId)) return null;
      const row = await findLocalMethod(db, methodId, orgId);
      if (!row) return null;
      const outcome = row.chargeOutcome as TestCardOutcome;
      if (declinedOnAttach(outcome)) {
        throw new CardDeclinedError(declineMessage(outcome));
      }
      return methodOf(row);
    },

    // As at Stripe, a detached card is gone for good: saving it again makes a new one.
    async detachMethod(methodId) {
      await deleteLocalMethod(db, methodId);
    },

    // Which card is charged first is the organisation's own record (payment_methods); the local
    // provider charges whichever card it is asked to.
    async setDefaultMethod() {},

    // Nothing is kept until invoicing saves the token on its row (with the number and status): a
    // retried run that asks again gets a new token, and only the one saved ever counts.
    async createInvoice(input) {
      const token = newInvoiceToken();
      // As at Stripe, an invoice of nothing is paid the moment it is issued.
      const free = input.seats * input.unitAmountCents === 0;
      return {
        providerInvoiceId: token,
        number: input.number,
        status: free ? 'paid' : 'open',
        attemptCount: 0,
        ...invoiceLinks(base, token),
        paidAt: free ? clock() : null,
      };
    },

    async chargeInvoice(providerInvoiceId, methodId) {
      const invoice = await findLocalInvoice(db, providerInvoiceId);
      if (!invoice) throw new Error(`No such invoice: ${providerInvoiceId}`);
      // Asked again after a charge that went through (a retried job): paid, not paid twice.
      if (invoice.invoiceStatus === 'paid')
        return { paid: true, paidAt: invoice.paidAt ?? clock() };
      const method = await findLocalMethod(db, methodId, invoice.orgId);
      // Removed since (or another organisation's): as Stripe answers, this card is gone.
      if (!method) {
        return { paid: false, message: `No such payment method: ${methodId}`, methodGone: true };
      }
      return charge(method.chargeOutcome as TestCardOutcome, clock());
    },

    async retrieveInvoice(providerInvoiceId) {
      const row = await findLocalInvoice(db, providerInvoiceId);
      return row ? invoiceOf(base, row, providerInvoiceId) : null;
    },

    async retrievePaymentMethod(methodId) {
      const row = await findLocalMethod(db, methodId);
      return row ? methodOf(row) : null;
    },
  };
}
