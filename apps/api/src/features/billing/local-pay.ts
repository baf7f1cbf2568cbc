import type { z } from 'zod';
import {
  CARD_DECLINED_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  INVOICE_PAID_MESSAGE,
  type BillingMessageResponse,
  type LocalCardBody,
  type LocalHostedInvoice,
  type LocalPaymentMethodResponse,
} from '@resonant/contracts/billing';
import { requireOrg, type TenantScope } from '../../auth/scope.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { LocalBillingProvider } from '../../lib/billing/local-provider.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { BillingDeps } from './billing.service.ts';
import { findLocalInvoice } from './billing.queries.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { updateInvoice } from './invoicing.queries.ts';

type LocalCard = z.output<typeof LocalCardBody>;

/** Statuses a pay page can pay from. */
const PAYABLE = ['invoice sent', 'failed'] as const;

/** The local provider, or 404: its routes exist only in test mode. */
function localProvider(deps: BillingDeps): LocalBillingProvider {
  if (deps.billing.name !== 'local') throw notFound();
  return deps.billing;
}

async function localInvoice(db: Database, token: string) {
  const found = await findLocalInvoice(db, token);
  if (!found?.invoice.number) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  return { ...found, number: found.invoice.number };
}

/**
 * Makes a payment method of the organisation from a typed test card, as Stripe.js does in the
 * browser (POST /api/billing/local/payment_methods); the attach call then saves it by its id. 400
 * for a number that is not a test number, or an expired card.
 */
export async function createLocalMethod(
  deps: BillingDeps,
  scope: TenantScope,
  card: LocalCard,
): Promise<LocalPaymentMethodResponse> {
  const provider = localProvider(deps);
  const org = requireOrg(scope);
  return provider.createMethod(org.orgId, card);
}

/** The local pay page's view of an invoice (GET /api/billing/local/invoices/{token}). */
export async function hostedInvoice(deps: BillingDeps, token: string): Promise<LocalHostedInvoice> {
  localProvider(deps);
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

/** Pays an invoice from its pay page (POST /api/billing/local/invoices/{token}/pay). */
export async function payHostedInvoice(
  deps: BillingDeps,
  token: string,
  card: LocalCard,
): Promise<BillingMessageResponse> {
  return payLocalInvoice(deps.db, localProvider(deps), token, card);
}

/**
 * Pays a local invoice with a typed test card, without saving it: what its pay page does, and
 * what the demo seed uses to pay its failed invoice. 404 for an unknown token, 409 when it is
 * paid already, 402 when the card is declined (remembered as the last payment error).
 */
export async function payLocalInvoice(
  db: Database,
  provider: LocalBillingProvider,
  token: string,
  card: LocalCard,
): Promise<BillingMessageResponse> {
  const { invoice } = await localInvoice(db, token);
  if (invoice.invoiceStatus === 'paid') throw conflict(INVOICE_ALREADY_PAID_MESSAGE);
  if (!PAYABLE.some((status) => status === invoice.invoiceStatus)) {
    throw notFound(INVOICE_NOT_FOUND_MESSAGE);
  }
  const org = { orgId: invoice.orgId };
  const charged = provider.chargeCard(card);
  if (!charged.paid) {
    await updateInvoice(db, org, invoice.id, PAYABLE, {
      paymentStatus: 'failed',
      lastPaymentError: charged.message,
    });
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
      await recordAudit(tx, {
        orgId: invoice.orgId,
        actorAccountId: null,
        action: 'billing.invoice-paid',
        targetType: 'invoice',
        targetId: invoice.id,
        details: { number: invoice.number, through: 'local pay page' },
      });
    }
    return changed;
  });
  // Paid meanwhile (another tab, a webhook): that payment stands, this one is refused.
  if (!paid) throw conflict(INVOICE_ALREADY_PAID_MESSAGE);
  return { message: INVOICE_PAID_MESSAGE };
}

/** A local invoice's PDF (GET /api/billing/local/invoices/{token}/pdf), named by its number. */
export async function localInvoicePdf(
  deps: BillingDeps,
  token: string,
): Promise<{ fileName: string; body: Buffer }> {
  localProvider(deps);
  const { invoice, orgName, timeZone, number } = await localInvoice(deps.db, token);
  const body = await renderInvoicePdf({ ...invoice, number, orgName, timeZone });
  return { fileName: `invoice-${number}.pdf`, body };
}
