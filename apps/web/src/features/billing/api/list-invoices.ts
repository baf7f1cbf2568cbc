import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoicesQuery, InvoicesResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import type { InvoicesView } from '../invoice-display.ts';
import { invoiceKeys } from './invoice-query-keys.ts';
import { listAllInvoices } from './list-all-invoices.ts';

function listInvoices(query: InvoicesQuery): Promise<InvoicesResponse> {
  return apiClient.get<InvoicesResponse>(`/org/invoices/list?${toQueryString(query)}`);
}

/**
 * One page of invoices, newest period first: the organisation's (GET /api/org/invoices/list), or
 * in the app admin's view every organisation's (list-all-invoices.ts).
 */
export function useInvoices(view: InvoicesView, query: InvoicesQuery) {
  const context = useCurrentContext();
  const admin = view === 'admin';
  return useQuery({
    queryKey: admin ? invoiceKeys.adminList(query) : invoiceKeys.orgList(context, query),
    queryFn: () => (admin ? listAllInvoices(query) : listInvoices(query)),
    enabled: admin || context !== null,
    // Paging and typing in the search box keep the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
    // Pay Now pays in another tab (the hosted invoice), often within seconds: coming back to this
    // one shows the invoice paid, however fresh the list was.
    refetchOnWindowFocus: 'always',
  });
}
