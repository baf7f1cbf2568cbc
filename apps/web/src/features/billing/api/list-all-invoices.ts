import type { InvoicesQuery, InvoicesResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/**
 * One page of every organisation's invoices, for the app admin (GET /api/admin/invoices); read
 * by useInvoices (list-invoices.ts), the one hook of both invoice tables.
 */
export function listAllInvoices(query: InvoicesQuery): Promise<InvoicesResponse> {
  return apiClient.get<InvoicesResponse>(`/admin/invoices?${toQueryString(query)}`);
}
