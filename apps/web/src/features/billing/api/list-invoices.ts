import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicesQuery, InvoicesResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

function listInvoices(query: InvoicesQuery): Promise<InvoicesResponse> {
  return apiClient.get<InvoicesResponse>(`/org/invoices/list?${toQueryString(query)}`);
}

const invoicesQueryOptions = (query: InvoicesQuery, context: CurrentContext | null) =>
  queryOptions({
    queryKey: invoiceKeys.orgList(context, query),
    queryFn: () => listInvoices(query),
    // Paging and typing in the search box keep the previous rows until the next page arrives.
    placeholderData: keepPreviousData,
    // Pay Now pays in another tab (the hosted invoice), often within seconds: coming back to this
    // one shows the invoice paid, however fresh the list was.
    refetchOnWindowFocus: 'always',
  });

/** One page of the organisation's invoices, newest period first (GET /api/org/invoices/list). */
export function useInvoices(query: InvoicesQuery) {
  const context = useCurrentContext();
  return useQuery({ ...invoicesQueryOptions(query, context), enabled: context !== null });
}
