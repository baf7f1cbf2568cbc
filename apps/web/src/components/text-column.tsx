import { Text } from '@mantine/core';
import { NO_VALUE } from '../lib/hrv-format.ts';
import type { DataColumn } from './data-table.tsx';

/** How a text column sorts or aligns, when it does. */
type TextColumnOptions<Row> = Pick<DataColumn<Row>, 'numeric' | 'sortable' | 'sortValue'>;

/** A column of one line of text per row, '—' where the row has none. */
export function textColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => string | null,
  options: TextColumnOptions<Row> = {},
): DataColumn<Row> {
  return {
    key,
    header,
    noWrap: true,
    ...options,
    render: (row) => <Text size="sm">{value(row) ?? NO_VALUE}</Text>,
  };
}
