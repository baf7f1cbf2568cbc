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
import { InvoicesTable, type InvoiceSort } from './invoices-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * /org/billing-history (SPEC §2 Billing history): the organisation's invoices, newest period
 * first, searched and paged by the server; Billing Settings leads to the card and email settings.
 */
export function BillingHistoryPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useTablePaging<InvoiceSort>(INVOICES_PAGE_SIZES);
  const invoices = useInvoices({ search: debouncedSearch || undefined, ...paging.request });

  return (
    <TableSection
      title="Invoices"
      description="One invoice a month for the seats the organization pays for. Paid invoices offer their PDF; the others can be paid now."
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TableSearch
          label="Search invoices"
          placeholder="Search by number, email or status"
          value={search}
          onChange={(text) => {
            setSearch(text);
            paging.resetPage();
          }}
        />
        <Button
          component={Link}
          to={paths.org.billingSettings}
          variant="default"
          leftSection={<IconSettings size={18} aria-hidden />}
        >
          Billing Settings
        </Button>
      </Group>
      {invoices.isError ? (
        <LoadError
          what="The invoices"
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : (
        <InvoicesTable
          view="org"
          invoices={invoices.data?.list}
          loading={invoices.isPending}
          emptyText={
            debouncedSearch
              ? 'No invoices match your search'
              : 'No invoices yet: each billing period is invoiced when it ends.'
          }
          paging={paging.tableProps(invoices.data?.noOfRows ?? 0)}
          serverSort={paging.serverSort}
        />
      )}
    </TableSection>
  );
}
