import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { INVOICES_PAGE_SIZES } from '@resonant/contracts/billing';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths } from '../../../config/paths.ts';
import { useInvoices } from '../api/list-invoices.ts';
import type { InvoicesView } from '../invoice-display.ts';
import { InvoicesTable, type InvoiceSort } from './invoices-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;

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
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useTablePaging<InvoiceSort>(INVOICES_PAGE_SIZES);
  const invoices = useInvoices(view, { search: debouncedSearch || undefined, ...paging.request });

  return (
    <TableSection title={text.title} description={text.description}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TableSearch
          label="Search invoices"
          placeholder={text.placeholder}
          value={search}
          onChange={(typed) => {
            setSearch(typed);
            paging.resetPage();
          }}
        />
        {view === 'org' && (
          <Button
            component={Link}
            to={paths.org.billingSettings}
            variant="default"
            leftSection={<IconSettings size={18} aria-hidden />}
          >
            Billing Settings
          </Button>
        )}
      </Group>
      {invoices.isError ? (
        <LoadError
          what="The invoices"
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : (
        <InvoicesTable
          view={view}
          invoices={invoices.data?.list}
          loading={invoices.isPending}
          emptyText={debouncedSearch ? 'No invoices match your search' : text.noInvoices}
          paging={paging.tableProps(invoices.data?.noOfRows ?? 0)}
          serverSort={paging.serverSort}
        />
      )}
    </TableSection>
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
