import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingMessageResponse, LocalCardBody } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { ERRORS_SHOWN_IN_FORM } from '../../../lib/query-client.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

function payHostedInvoice(token: string, card: LocalCardBody): Promise<BillingMessageResponse> {
  // The pay page needs no sign-in: the token in its link is what names the invoice.
  return apiClient.post<BillingMessageResponse>(
    `/billing/local/invoices/${encodeURIComponent(token)}/pay`,
    card,
    { anonymous: true },
  );
}

/**
 * Pays a hosted invoice with a test card (POST /api/billing/local/invoices/{token}/pay); a decline
 * is shown on the page beside the card form, not toasted. Any outcome re-reads the invoice (a 409
 * means someone paid it meanwhile) and the invoice lists. The card is the mutation's variables:
 * the page resets the mutation once it is settled, and with no cache time nothing keeps it after.
 */
export function usePayHostedInvoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: LocalCardBody) => payHostedInvoice(token, card),
    gcTime: 0,
    meta: { [ERRORS_SHOWN_IN_FORM]: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
