import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { INVOICES_PAGE_SIZES } from '@resonant/contracts/billing';
import { ListPage } from '../../../components/list-page.tsx';
import { useServerSearch } from '../../../components/use-list-search.ts';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths } from '../../../config/paths.ts';
import { useInvoices } from '../api/list-invoices.ts';
import type { InvoicesView } from '../invoice-display.ts';
import { invoiceColumns, type InvoiceSort } from './invoice-columns.tsx';

/** What differs between the organisation's billing history and the app admin's invoices. */
const VIEWS = {
  org: {
    title: 'Invoices',
    description:
      'One invoice a month for the seats the organization pays for. Paid invoices offer their PDF; the others can be paid now.',
    placeholder: 'Search by number, email or status',
    noInvoices: 'No invoices yet: each billing period is invoiced when it ends.',
  },
  admin: {
    title: 'All invoices',
    description: "Every organization's monthly seat invoices, newest billing period first.",
    placeholder: 'Search by organization, number, email or status',
    noInvoices: 'No invoices yet',
  },
} satisfies Record<InvoicesView, Record<string, string>>;

/**
 * An invoice list, newest period first, searched and paged by the server: the organisation's
 * with Billing Settings beside the search, or the app admin's (every organisation, searched also
 * by its name).
 */
function InvoicesSection({ view }: { view: InvoicesView }) {
  const text = VIEWS[view];
  const paging = useTablePaging<InvoiceSort>(INVOICES_PAGE_SIZES);
  const search = useServerSearch(paging.resetPage);
  const invoices = useInvoices(view, { search: search.term || undefined, ...paging.request });

  return (
    <ListPage
      title={text.title}
      description={text.description}
      search={{ label: 'Search invoices', placeholder: text.placeholder, ...search.box }}
      actions={
        view === 'org' && (
          <Button
            component={Link}
            to={paths.org.billingSettings}
            variant="default"
            leftSection={<IconSettings size={18} aria-hidden />}
          >
            Billing Settings
          </Button>
        )
      }
      failure={{ what: 'The invoices', query: invoices }}
      table={{
        label: 'Invoices',
        columns: invoiceColumns(view),
        ...paging.serverPaged(invoices),
        rowKey: (invoice) => invoice.id,
        emptyText: search.term ? 'No invoices match your search' : text.noInvoices,
        minWidth: 900,
      }}
    />
  );
}

/** /org/billing-history (SPEC §2 Billing history): the organisation's invoices. */
export function BillingHistoryPage() {
  return <InvoicesSection view="org" />;
}

/** /admin/invoices (SPEC §2): every organisation's invoices with the Organization column. */
export function AdminInvoicesPage() {
  return <InvoicesSection view="admin" />;
}
