import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import type { useTablePaging } from '../../../components/use-table-paging.ts';
import type { TrendPage } from './trend-table-section.tsx';

/** What a dashboard's trend table gives its rows: one server-side page and how to page them. */
export type TrendRowsProps<Row> = TrendPage<Row> & {
  /** Accessible name of the table: the section's title. */
  label: string;
  paging: ReturnType<typeof useTablePaging>;
  onRowClick: (row: Row) => void;
};

/** A trend table's rows: paged and sorted (its `sortable` columns) on the server. */
export function TrendRows<Row>({
  label,
  columns,
  rows,
  total,
  loading,
  paging,
  rowKey,
  onRowClick,
}: TrendRowsProps<Row> & { columns: DataColumn<Row>[]; rowKey: (row: Row) => string }) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      loading={loading}
      emptyText="No Readings"
      onRowClick={onRowClick}
      paging={paging.tableProps(total)}
      serverSort={paging.serverSort}
    />
  );
}
