import type { InvoicesQuery } from '@resonant/contracts/billing';
import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of the invoice lists and the pay page. The org's list belongs to its organisation
 * (`tenantKey`); the app admin's list and a hosted invoice (named by its token, seen signed out)
 * belong to none, so they carry no context. Paying invalidates `all`.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  orgList: (context: CurrentContext | null, query: InvoicesQuery) =>
    tenantKey(context, 'invoices', 'org', query),
  adminList: (query: InvoicesQuery) => ['invoices', 'admin', query] as const,
  hosted: (token: string) => ['invoices', 'hosted', token] as const,
};
