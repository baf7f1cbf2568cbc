/** A saved card as every provider describes it: never a card number. */
type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** A payment method as the provider holds it now: whose customer it is attached to, and its card. */
export type ProviderPaymentMethod = { id: string; customerId: string | null; card: SavedCard };

/** The provider's state of an issued invoice. */
export type ProviderInvoice = {
  providerInvoiceId: string;
  number: string;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  /** Charges tried so far; an open invoice with attempts has failed at least once. */
  attemptCount: number;
  invoiceUrl: string | null;
  pdfUrl: string | null;
  paidAt: Date | null;
};

export type NewProviderInvoice = {
  customerId: string;
  orgId: string;
  orgName: string;
  /** Our invoice row's id: the provider makes one invoice per key, however often it is asked. */
  idempotencyKey: string;
  /** The number to print when the provider does not number invoices itself (local). */
  number: string;
  seats: number;
  unitAmountCents: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  billingEmail: string | null;
};

/**
 * A charge's outcome: paid; declined (`message`: the provider's reason, for the invoice and its
 * mail); or `methodGone`: the provider no longer has that card for this customer (detached or
 * deleted there), so it is forgotten and the next card tried (`message` is for the log only).
 * The provider failing or not answering is none of these: a 502 PaymentProviderError is thrown.
 */
export type ChargeResult =
  | { paid: true; paidAt: Date }
  | { paid: false; message: string; methodGone?: false }
  | { paid: false; message: string; methodGone: true };

/**
 * What billing needs from a payment provider (DESIGN §1 "Payments"): Stripe when its keys are set,
 * the built-in local test-mode provider otherwise. Calls are idempotent where the provider allows.
 * A card declined answers 402 (CardDeclinedError, when saving) or a declined ChargeResult; any
 * other failure of the provider, or no answer, throws a 502 PaymentProviderError.
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /**
   * The organisation's customer at the provider, made when it has none: a stored id this provider
   * did not make, or no longer has, counts as none. Returns its id (a new one is to be stored).
   */
  ensureCustomer(org: {
    orgId: string;
    name: string;
    billingEmail: string | null;
    customerId: string | null;
  }): Promise<string>;
  /**
   * Gives the customer the organisation's current name and billing email (invoices and receipts
   * are addressed to them); a customer the provider does not have is left to ensureCustomer.
   */
  updateCustomer(
    customerId: string,
    details: { name: string; billingEmail: string | null },
  ): Promise<void>;
  /**
   * Attaches a method the browser made to the customer and returns it; null when the provider
   * does not know the method, or it belongs to another organisation or customer.
   */
  attachMethod(input: {
    orgId: string;
    customerId: string;
    methodId: string;
  }): Promise<ProviderPaymentMethod | null>;
  detachMethod(methodId: string): Promise<void>;
  /** The method new invoices charge first; null clears it. */
  setDefaultMethod(customerId: string, methodId: string | null): Promise<void>;
  /** Makes and issues (finalises) an invoice for the seats; one per idempotency key. */
  createInvoice(input: NewProviderInvoice): Promise<ProviderInvoice>;
  /** Charges an issued invoice off-session with one saved method. */
  chargeInvoice(providerInvoiceId: string, methodId: string): Promise<ChargeResult>;
  /** The provider's current state (webhooks re-read it, so delivery order does not matter). */
  retrieveInvoice(providerInvoiceId: string): Promise<ProviderInvoice | null>;
  retrievePaymentMethod(methodId: string): Promise<ProviderPaymentMethod | null>;
}
