import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalHostedInvoice } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { openLink, type LinkProblem } from '../../../lib/link-answer.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

function getHostedInvoice(token: string): Promise<LocalHostedInvoice> {
  // No sign-in: the token in the page's link is what names the invoice.
  return apiClient.get<LocalHostedInvoice>(`/billing/local/invoices/${encodeURIComponent(token)}`, {
    anonymous: true,
  });
}

/** What the pay page shows: the invoice, or why its token names none. */
export type HostedInvoiceView = { kind: 'invoice'; invoice: LocalHostedInvoice } | LinkProblem;

const hostedInvoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invoiceKeys.hosted(token),
    // An unknown token resolves to the page's not-found view rather than an error toast.
    queryFn: (): Promise<HostedInvoiceView> =>
      openLink(async () => ({ kind: 'invoice' as const, invoice: await getHostedInvoice(token) })),
  });

/**
 * The local pay page's invoice (GET /api/billing/local/invoices/{token}, no sign-in), or the
 * problem its token has.
 */
export function useHostedInvoice(token: string) {
  return useQuery(hostedInvoiceQueryOptions(token));
}
