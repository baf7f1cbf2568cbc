import { useState } from 'react';
import { Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { INVOICES_PAGE_SIZES } from '@resonant/contracts/billing';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { useAllInvoices } from '../api/list-all-invoices.ts';
import { InvoicesTable, type InvoiceSort } from './invoices-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/invoices (SPEC §2): every organisation's invoices with the Organization column, newest
 * period first, searched (also by organisation name) and paged by the server; Download PDF always.
 */
export function AdminInvoicesPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useTablePaging<InvoiceSort>(INVOICES_PAGE_SIZES);
  const invoices = useAllInvoices({ search: debouncedSearch || undefined, ...paging.request });

  return (
    <TableSection
      title="All invoices"
      description="Every organization's monthly seat invoices, newest billing period first."
    >
      <Group gap="sm" wrap="wrap">
        <TableSearch
          label="Search invoices"
          placeholder="Search by organization, number, email or status"
          value={search}
          onChange={(text) => {
            setSearch(text);
            paging.resetPage();
          }}
        />
      </Group>
      {invoices.isError ? (
        <LoadError
          what="The invoices"
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : (
        <InvoicesTable
          view="admin"
          invoices={invoices.data?.list}
          loading={invoices.isPending}
          emptyText={debouncedSearch ? 'No invoices match your search' : 'No invoices yet'}
          paging={paging.tableProps(invoices.data?.noOfRows ?? 0)}
          serverSort={paging.serverSort}
        />
      )}
    </TableSection>
  );
}
