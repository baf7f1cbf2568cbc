import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicesQuery, InvoicesResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { invoiceKeys } from './invoice-query-keys.ts';

function listAllInvoices(query: InvoicesQuery): Promise<InvoicesResponse> {
  return apiClient.get<InvoicesResponse>(`/admin/invoices?${toQueryString(query)}`);
}

const allInvoicesQueryOptions = (query: InvoicesQuery) =>
  queryOptions({
    queryKey: invoiceKeys.adminList(query),
    queryFn: () => listAllInvoices(query),
    placeholderData: keepPreviousData,
    // Invoices are paid by their organisations meanwhile: a return to the tab shows it.
    refetchOnWindowFocus: 'always',
  });

/** One page of every organisation's invoices, for the app admin (GET /api/admin/invoices). */
export function useAllInvoices(query: InvoicesQuery) {
  return useQuery(allInvoicesQueryOptions(query));
}
