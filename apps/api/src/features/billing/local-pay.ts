import type { z } from 'zod';
import {
  CARD_DECLINED_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  TEST_INVOICE_NOT_PAYABLE_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  INVOICE_PAID_MESSAGE,
  type BillingMessageResponse,
  type InvoiceStatus,
  type LocalCardBody,
  type LocalHostedInvoice,
  type LocalPaymentMethodResponse,
} from '@resonant/contracts/billing';
import { requireOrg, type TenantScope } from '../../kernel/scope.ts';
import type { Database } from '../../db/client.ts';
import { audit } from '../../kernel/audit.ts';
import type { LocalBillingProvider } from '../../lib/billing/local-provider.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { BillingDeps } from './billing.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findInvoiceWithOrg, updateInvoice } from './invoicing.queries.ts';

type LocalCard = z.output<typeof LocalCardBody>;

/**
 * The local pay page's needs: the database, and the local provider to charge a typed card. Its
 * invoices stay payable whichever provider is configured now (those test mode issued before
 * Stripe keys were set, the demo's).
 */
export type LocalPayDeps = {
  db: Database;
  local: LocalBillingProvider;
  /** Test mode is the configured provider: its test cards may pay its invoices. */
  testCardsPay: boolean;
};

/** Statuses a pay page can pay from. */
const PAYABLE: readonly InvoiceStatus[] = ['invoice sent', 'failed'];

async function localInvoice(db: Database, token: string) {
  const found = await findInvoiceWithOrg(db, { localToken: token });
  if (!found?.invoice.number) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  return { ...found, number: found.invoice.number };
}

/**
 * Makes a payment method of the organisation from a typed test card, as Stripe.js does in the
 * browser (POST /api/billing/local/payment_methods); the attach call then saves it by its id. 404
 * unless test mode takes the cards (no Stripe keys); 400 for a number that is not a test number,
 * or an expired card.
 */
export async function createLocalMethod(
  deps: BillingDeps,
  scope: TenantScope,
  card: LocalCard,
): Promise<LocalPaymentMethodResponse> {
  if (deps.billing.name !== 'local') throw notFound();
  const org = requireOrg(scope);
  return deps.billing.createMethod(org.orgId, card);
}

/** The local pay page's view of an invoice (GET /api/billing/local/invoices/{token}). */
export async function hostedInvoice(
  deps: LocalPayDeps,
  token: string,
): Promise<LocalHostedInvoice> {
  const { invoice, orgName, number } = await localInvoice(deps.db, token);
  return {
    number,
    org_name: orgName,
    seats: invoice.seats,
    unit_amount: invoice.unitAmountCents,
    amount_due: invoice.amountDueCents,
    currency: invoice.currency,
    invoice_status: invoice.invoiceStatus,
    billing_period_start: invoice.billingPeriodStart,
    billing_period_end: invoice.billingPeriodEnd,
    due_date: invoice.dueDate,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    hosted_invoice_pdf: invoice.hostedInvoicePdf ?? '',
  };
}

/**
 * Pays a local invoice with a typed test card, without saving it (POST
 * /api/billing/local/invoices/{token}/pay; the demo seed pays its failed invoice with it too). 404
 * for an unknown token, 409 when it is paid already, 402 when the card is declined: the invoice
 * keeps its statuses (a decline here is not invoicing's charge) and the decline is remembered as
 * its last payment error.
 */
export async function payLocalInvoice(
  { db, local, testCardsPay }: LocalPayDeps,
  token: string,
  card: LocalCard,
): Promise<BillingMessageResponse> {
  const { invoice } = await localInvoice(db, token);
  if (invoice.invoiceStatus === 'paid') throw conflict(INVOICE_ALREADY_PAID_MESSAGE);
  if (!testCardsPay) throw conflict(TEST_INVOICE_NOT_PAYABLE_MESSAGE);
  if (!PAYABLE.includes(invoice.invoiceStatus)) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  const org = { orgId: invoice.orgId };
  const charged = local.chargeCard(card);
  if (!charged.paid) {
    await updateInvoice(db, org, invoice.id, PAYABLE, { lastPaymentError: charged.message });
    throw new HttpError(402, CARD_DECLINED_MESSAGE);
  }
  const paid = await db.transaction(async (tx) => {
    const changed = await updateInvoice(tx, org, invoice.id, PAYABLE, {
      invoiceStatus: 'paid',
      paymentStatus: 'paid',
      paidAt: charged.paidAt,
      lastPaymentError: null,
    });
    if (changed) {
      await audit(
        tx,
        { orgId: invoice.orgId, accountId: null },
        'billing.invoice-paid',
        invoice.id,
        { number: invoice.number, through: 'local pay page' },
      );
    }
    return changed;
  });
  // Paid meanwhile (another tab, a webhook): that payment stands, this one is refused.
  if (!paid) throw conflict(INVOICE_ALREADY_PAID_MESSAGE);
  return { message: INVOICE_PAID_MESSAGE };
}

/** A local invoice's PDF (GET /api/billing/local/invoices/{token}/pdf), named by its number. */
export async function localInvoicePdf(
  deps: LocalPayDeps,
  token: string,
): Promise<{ fileName: string; body: Buffer }> {
  const { invoice, orgName, timeZone, number } = await localInvoice(deps.db, token);
  const body = await renderInvoicePdf({ ...invoice, number, orgName, timeZone });
  return { fileName: `invoice-${number}.pdf`, body };
}
