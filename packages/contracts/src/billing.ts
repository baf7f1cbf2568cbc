import { z } from 'zod';
import { ListSearch, ListSort, patternAfterLength } from './fields.ts';

// The strings the spec gives (SPEC §2, §5, §8), used verbatim.
export const BILLING_EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';
export const BILLING_UPDATED_MESSAGE = 'Billing details updated successfully.';
export const BILLING_UPDATE_FAILED_MESSAGE = 'Failed to update billing settings.';
export const PAYMENT_METHOD_REMOVED_MESSAGE = 'Payment method removed.';
export const REMOVE_METHOD_FAILED_MESSAGE = 'Failed to remove payment method.';
export const DEFAULT_METHOD_FAILED_MESSAGE = 'Failed to update default method.';
export const CARD_ADDED_MESSAGE = 'Card added successfully.';
export const CARD_CREATION_FAILED_MESSAGE = 'Card creation failed.';
export const ADD_CARD_FAILED_MESSAGE = 'Failed to add card.';
export const NO_PAYMENT_METHODS_MESSAGE = 'No payment methods saved';

// Messages the spec leaves to us.
export const TEST_MODE_LABEL = 'Test mode — no real charges';
export const DEFAULT_METHOD_UPDATED_MESSAGE = 'Default payment method updated.';
export const DEFAULT_METHOD_CLEARED_MESSAGE = 'Default payment method cleared.';
export const PAYMENT_METHOD_NOT_FOUND_MESSAGE = 'Payment method not found';
export const INVOICE_NOT_FOUND_MESSAGE = 'Invoice not found';
export const INVOICE_ALREADY_PAID_MESSAGE = 'This invoice is paid already';
/** A test-mode invoice once a real payment provider is configured: test cards pay nothing. */
export const TEST_INVOICE_NOT_PAYABLE_MESSAGE =
  'This invoice was issued in test mode and cannot be paid here now that real payments are set up';
export const INVOICE_PAID_MESSAGE = 'Invoice paid. Thank you!';
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const CARD_EXPIRED_MESSAGE = 'Your card has expired.';
/** The local provider accepts only the card provider's published test numbers. */
export const NOT_A_TEST_CARD_MESSAGE =
  'Test mode accepts only test card numbers, such as 4242 4242 4242 4242.';
/** Answered (502) when the payment provider fails or cannot be reached; its own words are logged. */
export const PAYMENT_PROVIDER_ERROR_MESSAGE =
  'The payment provider is not answering. Please try again in a few minutes.';

/** SPEC §9: the card brands we recognise (others are shown by name, without a logo). */
export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * An invoice's status as the tables show it (SPEC §4): `draft` while it is being made (never
 * listed), `invoice sent` when issued and not paid, `paid`, `failed` when every saved card was
 * declined; `void` when the provider cancelled it.
 */
export const INVOICE_STATUSES = ['draft', 'invoice sent', 'paid', 'failed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The last payment attempt's outcome. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** SPEC §4: paid green, invoice sent orange, failed red, anything else the green default. */
export function invoiceStatusColor(status: string): 'green' | 'orange' | 'red' {
  if (status === 'invoice sent') return 'orange';
  if (status === 'failed') return 'red';
  return 'green';
}

/** SPEC §9: an amount in cents shown in dollars with 2 decimals ($1,234.50). */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * SPEC §9: a day (YYYY-MM-DD) as MMM D, YYYY ("Mar 5, 2026"): that very day, whatever the
 * machine's time zone or locale.
 */
export function formatBillingDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * A billing period as people read it: its first and last day ("Mar 5, 2026 – Apr 4, 2026"). The
 * stored end is exclusive (the next period's first day), so the last day shown is the one before.
 */
export function formatBillingPeriod(start: string, endExclusive: string): string {
  const lastDay = new Date(Date.parse(`${endExclusive}T00:00:00Z`) - 86_400_000);
  return `${formatBillingDay(start)} – ${formatBillingDay(lastDay.toISOString().slice(0, 10))}`;
}

/** SPEC §9: a card's expiry as two-digit month and year (07/28). */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** SPEC §5 / §9: the billing email, a basic address pattern, at most 50 characters. */
export const BILLING_EMAIL_MAX = 50;
export const BillingEmail = z
  .string({ error: BILLING_EMAIL_INVALID_MESSAGE })
  .trim()
  // The pattern runs only on an address that fits, and is linear: the domain is labels without
  // dots joined by dots, so no character can belong to two parts of it.
  .max(BILLING_EMAIL_MAX, `Email must be at most ${BILLING_EMAIL_MAX} characters`)
  .check(patternAfterLength(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, BILLING_EMAIL_INVALID_MESSAGE))
  .transform((email) => email.toLowerCase());

/** GET /api/org/details (SPEC §7 Billing; §3 Organization). Dates are YYYY-MM-DD. */
export const OrgDetailsResponse = z.object({
  id: z.string(),
  name: z.string(),
  unique_name: z.string(),
  created_at: z.string(),
  active: z.boolean(),
  billing_start_date: z.string(),
  previous_billing_date: z.string(),
  next_billing_date: z.string(),
  billing_email: z.string().nullable(),
});
export type OrgDetailsResponse = z.infer<typeof OrgDetailsResponse>;

/** PUT /api/org/update_org_billing_details. */
export const UpdateBillingDetailsBody = z.object({ billing_email: BillingEmail });
export type UpdateBillingDetailsBody = z.input<typeof UpdateBillingDetailsBody>;

/** Every billing write answers with a message the page toasts. */
export const BillingMessageResponse = z.object({ message: z.string() });
export type BillingMessageResponse = z.infer<typeof BillingMessageResponse>;

/**
 * A payment method's id is the provider's (Stripe's `pm_…`, the local provider's `pm_local_…`):
 * the browser SDK makes it, and the list, attach and remove calls name it.
 */
export const MethodId = z
  .string({ error: 'method_id is required' })
  .trim()
  .max(203, { message: 'method_id must be a payment method id', abort: true })
  .regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'method_id must be a payment method id');

/** SPEC §3 Payment method. */
export const PaymentMethod = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** GET /api/org/list_available_methods: the default's id, or null when none is default. */
export const PaymentMethodsResponse = z.object({
  methods: z.array(PaymentMethod),
  current_method_id: z.string().nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

/**
 * POST /api/org/attach_billing_method: a new method is attached (default when asked, or when it
 * is the first); an attached one becomes default with `set_as_default: true`, and a default one
 * sent with `set_as_default: false` stops being default (SPEC §4 "toggling a current default
 * clears it"). Left out, the default stays as it is (a new first card still becomes the default).
 */
export const AttachMethodBody = z.object({
  method_id: MethodId,
  set_as_default: z.boolean().optional(),
});
export type AttachMethodBody = z.input<typeof AttachMethodBody>;

/** POST /api/org/remove_payment_method: removing the default clears the default. */
export const RemoveMethodBody = z.object({ method_id: MethodId });
export type RemoveMethodBody = z.input<typeof RemoveMethodBody>;

/**
 * Which provider takes cards: `local` (test mode, no keys) or `stripe` with the publishable key
 * Stripe.js needs (GET /api/org/billing_provider).
 */
export const BillingProviderResponse = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({ provider: z.literal('stripe'), publishable_key: z.string() }),
]);
export type BillingProviderResponse = z.infer<typeof BillingProviderResponse>;

/** SPEC §3 Invoice; `amount_due` in cents, dates YYYY-MM-DD, instants ISO 8601. */
export const Invoice = z.object({
  id: z.string(),
  number: z.string(),
  seats: z.number().int(),
  unit_amount: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  invoice_status: z.string(),
  payment_status: z.string(),
  invoice_url: z.string().nullable(),
  hosted_invoice_pdf: z.string().nullable(),
  billing_email: z.string().nullable(),
  billing_period_start: z.string(),
  billing_period_end: z.string(),
  due_date: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  org_name: z.string(),
  org_id: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** The columns an invoice list sorts by; without one it is newest period first. */
export const INVOICE_SORTS = ['number', 'amount_due', 'billing_period_start', 'org_name'] as const;
export const INVOICES_PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * GET /api/org/invoices/list and the app admin's GET /api/admin/invoices: search matches the
 * number, billing email, status (and, for the app admin, the organization's name).
 */
export const InvoicesQuery = z.object({
  search: ListSearch,
  ...ListSort(INVOICE_SORTS),
  limit: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZES[0]),
  offset: z.coerce.number().int().min(0).default(0),
});
export type InvoicesQuery = z.input<typeof InvoicesQuery>;

export const InvoicesResponse = z.object({
  list: z.array(Invoice),
  noOfRows: z.number().int(),
});
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

/** The local provider's test card form (its own pay page and the add-card form in test mode). */
export const LocalCardBody = z.object({
  number: z
    .string({ error: 'Card number is required' })
    .max(40, 'Card number is too long')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number is incomplete')),
  exp_month: z.coerce.number().int().min(1, 'Invalid month').max(12, 'Invalid month'),
  exp_year: z.coerce.number().int().min(2000, 'Invalid year').max(2100, 'Invalid year'),
  cvc: z
    .string()
    .max(4, 'CVC is incomplete')
    .check(patternAfterLength(/^\d{3,4}$/, 'CVC is incomplete')),
  address: z.object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    line1: z.string().trim().min(1, 'Address is required').max(200),
    city: z.string().trim().min(1, 'City is required').max(100),
    postal_code: z.string().trim().min(1, 'Postal code is required').max(20),
    country: z
      .string()
      .trim()
      .max(2, 'Country is required')
      .check(patternAfterLength(/^[A-Z]{2}$/, 'Country is required')),
  }),
});
export type LocalCardBody = z.input<typeof LocalCardBody>;

/** POST /api/billing/local/payment_methods: the id the attach call then names. */
export const LocalPaymentMethodResponse = z.object({ id: z.string() });
export type LocalPaymentMethodResponse = z.infer<typeof LocalPaymentMethodResponse>;

/** The local pay page's view of an invoice (GET /api/billing/local/invoices/{token}): no sign-in. */
export const LocalHostedInvoice = z.object({
  number: z.string(),
  org_name: z.string(),
  seats: z.number().int(),
  unit_amount: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  invoice_status: z.string(),
  billing_period_start: z.string(),
  billing_period_end: z.string(),
  due_date: z.string().nullable(),
  paid_at: z.string().nullable(),
  hosted_invoice_pdf: z.string(),
});
export type LocalHostedInvoice = z.infer<typeof LocalHostedInvoice>;
