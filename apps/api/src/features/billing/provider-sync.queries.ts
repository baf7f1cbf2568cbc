import { and, eq } from 'drizzle-orm';
import type { InvoiceStatus, PaymentStatus } from '@resonant/contracts/billing';
import type { Database } from '../../db/client.ts';
import { invoices, paymentMethods, processedWebhookEvents } from '../../db/schema/billing.ts';
import { organisations } from '../../db/schema/organisations.ts';
import type { ProviderInvoice, ProviderPaymentMethod } from '../../lib/billing/billing-provider.ts';

type InvoiceState = {
  invoiceStatus: InvoiceStatus;
  paymentStatus?: PaymentStatus;
  paidAt?: Date | null;
  lastPaymentError?: null;
};

/** Our statuses for the provider's state of an invoice (SPEC §4: paid, invoice sent, failed). */
function statusesOf(invoice: ProviderInvoice): InvoiceState {
  switch (invoice.status) {
    case 'paid':
      return {
        invoiceStatus: 'paid',
        paymentStatus: 'paid',
        paidAt: invoice.paidAt,
        lastPaymentError: null,
      };
    case 'open':
      // Open after a charge was tried means every try so far was declined.
      return invoice.attemptCount > 0
        ? { invoiceStatus: 'failed', paymentStatus: 'failed' }
        : { invoiceStatus: 'invoice sent', paymentStatus: 'unpaid' };
    case 'uncollectible':
      return { invoiceStatus: 'failed', paymentStatus: 'failed' };
    case 'void':
      return { invoiceStatus: 'void' };
  }
}

/** Records a provider's event as applied; false when it was already (a redelivery). */
export async function recordWebhookEvent(
  tx: Database,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const [fresh] = await tx
    .insert(processedWebhookEvents)
    .values({ eventId, provider })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return fresh !== undefined;
}

/**
 * Applies the provider's current state of an invoice to the row it issued (none: nothing to do).
 * Only the current state is written, never a change, so events applied in any order, or twice,
 * leave the row as the provider has it.
 */
export async function syncProviderInvoice(
  tx: Database,
  provider: string,
  invoice: ProviderInvoice,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      ...statusesOf(invoice),
      ...(invoice.number ? { number: invoice.number } : {}),
      ...(invoice.invoiceUrl ? { invoiceUrl: invoice.invoiceUrl } : {}),
      ...(invoice.pdfUrl ? { hostedInvoicePdf: invoice.pdfUrl } : {}),
    })
    .where(
      and(
        eq(invoices.provider, provider),
        eq(invoices.providerInvoiceId, invoice.providerInvoiceId),
      ),
    );
}

/** Forgets a card everywhere: its row, and the default of the organisation that had it. */
async function forgetMethod(tx: Database, provider: string, methodId: string) {
  const removed = await tx
    .delete(paymentMethods)
    .where(
      and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerMethodId, methodId)),
    )
    .returning({ id: paymentMethods.id, orgId: paymentMethods.orgId });
  for (const row of removed) {
    await tx
      .update(organisations)
      .set({ defaultPaymentMethodId: null })
      .where(
        and(eq(organisations.id, row.orgId), eq(organisations.defaultPaymentMethodId, row.id)),
      );
  }
}

/**
 * Applies the provider's current state of a card (`current` null: the provider no longer has it).
 * Attached to an organisation's customer: its row is saved (card details refreshed), and a first
 * card becomes the default, as when it is added on the page; detached, or unknown: the row goes,
 * and with it the default. Returns the organisation's customer when the card became its default,
 * so the caller tells the provider too.
 */
export async function syncProviderPaymentMethod(
  tx: Database,
  provider: string,
  methodId: string,
  current: ProviderPaymentMethod | null,
): Promise<{ newDefaultOf: string } | null> {
  const customerId = current?.customerId;
  // Locked as adding a card locks it, so the two never both decide which card is the first.
  const [org] = customerId
    ? await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.billingCustomerId, customerId))
        .for('update')
    : [];
  if (!current || !customerId || !org) {
    await forgetMethod(tx, provider, methodId);
    return null;
  }
  const others = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.orgId, org.id), eq(paymentMethods.provider, provider)));
  const card = {
    brand: current.card.brand,
    last4: current.card.last4,
    expMonth: current.card.expMonth,
    expYear: current.card.expYear,
  };
  const [saved] = await tx
    .insert(paymentMethods)
    .values({ orgId: org.id, provider, providerMethodId: methodId, ...card })
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.providerMethodId],
      set: card,
      // A card saved for another organisation is never moved.
      setWhere: eq(paymentMethods.orgId, org.id),
    })
    .returning({ id: paymentMethods.id });
  if (!saved || others.length > 0) return null;
  await tx
    .update(organisations)
    .set({ defaultPaymentMethodId: saved.id })
    .where(eq(organisations.id, org.id));
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, saved.id));
  return { newDefaultOf: customerId };
}
