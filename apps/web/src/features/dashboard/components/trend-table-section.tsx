import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import type { useTablePaging } from '../../../components/use-table-paging.ts';

interface TrendTableSectionProps<Row> {
  title: string;
  description: string;
  /** Names the list in the load error, e.g. 'The user trends'. */
  what: string;
  titleAside?: ReactNode;
  columns: DataColumn<Row>[];
  /** One server-side page of trend rows and the total (`noOfRows`). */
  trends: UseQueryResult<{ list: Row[]; noOfRows: number }>;
  paging: ReturnType<typeof useTablePaging>;
  rowKey: (row: Row) => string;
  onRowClick: (row: Row) => void;
}

/**
 * A dashboard's trend table: titled, paged and sorted (its `sortable` columns) on the server, with
 * its load error and empty text.
 */
export function TrendTableSection<Row>({
  title,
  description,
  what,
  titleAside,
  columns,
  trends,
  paging,
  rowKey,
  onRowClick,
}: TrendTableSectionProps<Row>) {
  return (
    <TableSection title={title} description={description} titleAside={titleAside}>
      {trends.isError ? (
        <LoadError what={what} onRetry={() => void trends.refetch()} retrying={trends.isFetching} />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          rows={trends.data?.list}
          rowKey={rowKey}
          loading={trends.isPending}
          emptyText="No Readings"
          onRowClick={onRowClick}
          paging={paging.tableProps(trends.data?.noOfRows ?? 0)}
          serverSort={paging.serverSort}
        />
      )}
    </TableSection>
  );
}
