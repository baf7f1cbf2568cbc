import {
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { SortOrder } from '@resonant/contracts/fields';
import { useSidewaysOverflow } from './use-sideways-overflow.ts';

/** One column of a DataTable: its header and how a row shows in it. */
export type DataColumn<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Right-align numbers so figures line up. */
  numeric?: boolean;
  /**
   * Header and cells keep to one line: on a phone the table scrolls sideways instead of stacking
   * letters.
   */
  noWrap?: boolean;
  width?: number | string;
  /** Sorted by the server (the table's `sort`): the column's key is the list's `sort` value. */
  sortable?: boolean;
  /** Sorted in the browser, for tables holding all their rows: the value rows compare by. */
  sortValue?: (row: Row) => string | number | null;
  /**
   * Kept in view at the row's end while the table scrolls sideways, so row actions stay in reach
   * on a phone.
   */
  pinned?: boolean;
};

/** The column a table is sorted by and which way; null is the list's own order. */
export type TableSort = { by: string; order: SortOrder } | null;

/** A sorted table's `sort` and `onSortChange` when the server sorts (see `useTablePaging`). */
export type ServerSort = { sort: TableSort; onSortChange: (sort: TableSort) => void };

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
  /** Given when the server sorts the rows; otherwise columns with `sortValue` sort in place. */
  serverSort?: ServerSort;
  /**
   * `rows` holds every row and `paging` (from `useTablePaging`, total = rows.length) says which
   * page to show: the rows are sorted first, then paged, so a sort orders every row.
   */
  pageInPlace?: boolean;
};

const PINNED: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
};

// A header click cycles ascending, descending, then back to the list's own order.
function nextSort(current: TableSort, by: string): TableSort {
  if (current?.by !== by) return { by, order: 'asc' };
  return current.order === 'asc' ? { by, order: 'desc' } : null;
}

const compare = (a: string | number | null, b: string | number | null) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
};

function sortedRows<Row>(rows: Row[] | undefined, columns: DataColumn<Row>[], sort: TableSort) {
  const value = columns.find((column) => column.key === sort?.by)?.sortValue;
  if (!rows || !sort || !value) return rows;
  const direction = sort.order === 'asc' ? 1 : -1;
  // Rows without a value stay last whichever way.
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return x === null || y === null ? compare(x, y) : direction * compare(x, y);
  });
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ICONS = { asc: IconSortAscending, desc: IconSortDescending } as const;

function SortableHeader({
  header,
  order,
  onClick,
}: {
  header: ReactNode;
  order: SortOrder | null;
  onClick: () => void;
}) {
  const Icon = order ? SORT_ICONS[order] : IconArrowsSort;
  return (
    <UnstyledButton onClick={onClick} fw="inherit" fz="inherit" c="inherit">
      <Group gap={4} wrap="nowrap" component="span">
        {header}
        <Icon size={14} aria-hidden style={{ opacity: order ? 1 : 0.45, flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}

/** A table holding every row shows a page that still exists after a search or a removal. */
function withinRows(paging: DataTablePaging): DataTablePaging {
  const lastPage = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  return { ...paging, page: Math.min(paging.page, lastPage) };
}

function pageOf<Row>(rows: Row[] | undefined, paging: DataTablePaging) {
  return rows?.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
}

type ShownColumn<Row> = DataColumn<Row> & { sorts: boolean };

function cellStyle<Row>(column: DataColumn<Row>): CSSProperties {
  return {
    textAlign: column.numeric ? 'right' : undefined,
    whiteSpace: column.noWrap ? 'nowrap' : undefined,
    ...(column.pinned ? PINNED : undefined),
  };
}

function TableHead<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: ShownColumn<Row>[];
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const order = sort?.by === column.key ? sort.order : null;
          return (
            <Table.Th
              key={column.key}
              aria-sort={column.sorts ? (order ? ARIA_SORT[order] : 'none') : undefined}
              style={{ width: column.width, ...cellStyle(column) }}
            >
              {column.sorts ? (
                <SortableHeader
                  header={column.header}
                  order={order}
                  onClick={() => onSortChange(nextSort(sort, column.key))}
                />
              ) : (
                column.header
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

/** A row spanning the table, for the loader or the empty state. */
function WholeRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>{children}</Table.Td>
    </Table.Tr>
  );
}

function TableRow<Row>({
  row,
  columns,
  onRowClick,
}: {
  row: Row;
  columns: DataColumn<Row>[];
  onRowClick?: (row: Row) => void;
}) {
  const clickable = onRowClick
    ? {
        onClick: () => onRowClick(row),
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Enter') onRowClick(row);
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
      }
    : {};
  return (
    <Table.Tr {...clickable}>
      {columns.map((column) => (
        <Table.Td key={column.key} style={cellStyle(column)}>
          {column.render(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

function TablePager({ pager }: { pager: DataTablePaging }) {
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={pager.pageSizes.map(String)}
          value={String(pager.pageSize)}
          allowDeselect={false}
          onChange={(value) => value && pager.onPageSizeChange(Number(value))}
        />
        <Text size="sm" c="dimmed">
          {(pager.page - 1) * pager.pageSize + 1}–
          {Math.min(pager.page * pager.pageSize, pager.total)} of {pager.total}
        </Text>
      </Group>
      <Pagination
        size="sm"
        total={Math.max(1, Math.ceil(pager.total / pager.pageSize))}
        value={pager.page}
        onChange={pager.onPageChange}
        aria-label="Pages"
      />
    </Group>
  );
}

/**
 * The sort a table shows and the rows of its page: the server's, or sorted and paged in place
 * when the table holds every row.
 */
function useShownRows<Row>({
  columns,
  rows,
  paging,
  serverSort,
  pageInPlace = false,
}: Pick<DataTableProps<Row>, 'columns' | 'rows' | 'paging' | 'serverSort' | 'pageInPlace'>) {
  const [localSort, setLocalSort] = useState<TableSort>(null);
  const pager = paging && pageInPlace ? withinRows(paging) : paging;
  const sortedInPlace = serverSort ? rows : sortedRows(rows, columns, localSort);
  return {
    pager,
    sort: serverSort ? serverSort.sort : localSort,
    onSortChange: serverSort
      ? serverSort.onSortChange
      : (next: TableSort) => {
          setLocalSort(next);
          if (pageInPlace) paging?.onPageChange(1);
        },
    shownColumns: columns.map((column) => ({
      ...column,
      sorts: serverSort ? Boolean(column.sortable) : Boolean(column.sortValue),
    })),
    shownRows: pager && pageInPlace ? pageOf(sortedInPlace, pager) : sortedInPlace,
  };
}

/**
 * The one table of the app (DESIGN §8): header, rows, a loading state, an empty state, optional
 * paging with a page-size choice and sorting by a header click — both by the server, or both in
 * place when the table holds every row. Rows are clickable when `onRowClick` is given, by mouse
 * and by keyboard (Enter). A pinned column (row actions) stays in view when the table scrolls.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, loading = false, emptyText, onRowClick } = props;
  const { pager, sort, onSortChange, shownColumns, shownRows } = useShownRows(props);
  const empty = !loading && (rows?.length ?? 0) === 0;
  const scroller = useSidewaysOverflow<HTMLDivElement>();
  // Scrolling sideways, the table's box is a stop the keyboard can reach and scroll, named as the
  // table. A group, not a region: the card around the table is already the landmark of that name.
  const reachable = scroller.overflowing ? { tabIndex: 0, role: 'group', 'aria-label': label } : {};
  return (
    <div>
      <Table.ScrollContainer
        minWidth={props.minWidth ?? 560}
        scrollAreaProps={{ viewportRef: scroller.ref, viewportProps: reachable }}
      >
        <Table
          aria-label={label}
          aria-busy={loading}
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
        >
          <TableHead columns={shownColumns} sort={sort} onSortChange={onSortChange} />
          <Table.Tbody>
            {loading && (
              <WholeRow span={columns.length}>
                <Center py="lg">
                  <Loader size="sm" aria-label="Loading" />
                </Center>
              </WholeRow>
            )}
            {empty && (
              <WholeRow span={columns.length}>
                <Text ta="center" c="dimmed" py="lg">
                  {emptyText}
                </Text>
              </WholeRow>
            )}
            {!loading &&
              shownRows?.map((row) => (
                <TableRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} />
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager && pager.total > 0 && <TablePager pager={pager} />}
    </div>
  );
}
