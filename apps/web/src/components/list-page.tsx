import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableProps } from './data-table.tsx';
import { SectionCard } from './section-card.tsx';
import { TableOrRetry, type TableFailure } from './table-or-retry.tsx';
import { TableSearch, type TableSearchProps } from './table-search.tsx';

interface ListPageProps<Row> {
  /** The card's heading and accessible name. */
  title: string;
  /** No heading in the card (the page names it): the title only names the section. */
  headless?: boolean;
  description?: string;
  search: TableSearchProps;
  /** Beside the search, e.g. which users are listed. */
  filters?: ReactNode;
  /** At the end of the toolbar, e.g. the Add button. */
  actions?: ReactNode;
  /** When the list failed to load, a retry naming `what` stands in for the table. */
  failure?: TableFailure;
  table: DataTableProps<Row>;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A list page (users, groups, organizations, invitations): a card with its title, a toolbar with
 * the search (and filters) and the page's buttons, then the table or, when it failed to load, a
 * retry. The table brings its empty state, sorting and paging.
 */
export function ListPage<Row>({
  title,
  headless,
  description,
  search,
  filters,
  actions,
  failure,
  table,
  children,
}: ListPageProps<Row>) {
  const searchBox = <TableSearch {...search} />;
  return (
    <SectionCard title={title} headless={headless} description={description}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        {filters ? (
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
            {searchBox}
            {filters}
          </Group>
        ) : (
          searchBox
        )}
        {actions}
      </Group>
      <TableOrRetry {...table} failure={failure} />
      {children}
    </SectionCard>
  );
}
