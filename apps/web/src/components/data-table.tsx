import { Center, Group, Loader, Pagination, Select, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a DataTable: its header and how a row shows in it. */
export type DataColumn<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Right-align numbers so figures line up. */
  numeric?: boolean;
  width?: number | string;
};

/** Server-side paging: the parent fetches `pageSize` rows at `(page - 1) · pageSize`. */
export type DataTablePaging = {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

export type DataTableProps<Row> = {
  /** Accessible name of the table (announced by screen readers). */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** Shown in place of rows when there are none (e.g. the spec's 'No Readings'). */
  emptyText: string;
  onRowClick?: (row: Row) => void;
  paging?: DataTablePaging;
  /** Below this width the table scrolls sideways; narrow tables lower it to fit phones. */
  minWidth?: number;
};

/**
 * The one table of the app (DESIGN §8): header, rows, a loading state, an empty state and optional
 * server-side paging with a page-size choice. Rows are clickable when `onRowClick` is given, by
 * mouse and by keyboard (Enter).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText,
  onRowClick,
  paging,
  minWidth = 560,
}: DataTableProps<Row>) {
  const empty = !loading && (rows?.length ?? 0) === 0;
  return (
    <div>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          aria-label={label}
          aria-busy={loading}
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  style={{ width: column.width, textAlign: column.numeric ? 'right' : undefined }}
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Center py="lg">
                    <Loader size="sm" aria-label="Loading" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {empty && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows?.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (event) => {
                          if (event.key === 'Enter') onRowClick(row);
                        }
                      : undefined
                  }
                  tabIndex={onRowClick ? 0 : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      style={{ textAlign: column.numeric ? 'right' : undefined }}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && paging.total > 0 && (
        <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Rows per page
            </Text>
            <Select
              aria-label="Rows per page"
              size="xs"
              w={80}
              data={paging.pageSizes.map(String)}
              value={String(paging.pageSize)}
              allowDeselect={false}
              onChange={(value) => value && paging.onPageSizeChange(Number(value))}
            />
            <Text size="sm" c="dimmed">
              {(paging.page - 1) * paging.pageSize + 1}–
              {Math.min(paging.page * paging.pageSize, paging.total)} of {paging.total}
            </Text>
          </Group>
          <Pagination
            size="sm"
            total={Math.max(1, Math.ceil(paging.total / paging.pageSize))}
            value={paging.page}
            onChange={paging.onPageChange}
            aria-label="Pages"
          />
        </Group>
      )}
    </div>
  );
}
