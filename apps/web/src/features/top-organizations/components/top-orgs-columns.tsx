import { Text } from '@mantine/core';
import type { TopOrgRow, TopOrgsSortField } from '@resonant/contracts/top-organizations';
import type { DataColumn } from '../../../components/data-table.tsx';
import { formatCount } from '../../../lib/number-format.ts';

type CountKey = Exclude<TopOrgsSortField, 'org_name'>;

/** A count, abbreviated once it is long, with the exact figure on hover. */
function countColumn(key: CountKey, header: string): DataColumn<TopOrgRow> {
  return {
    key,
    // Two-word headers may wrap, so the nine columns fit a laptop without scrolling; the header
    // button centres its text, so a wrapped header is set flush right, by its sort icon.
    header: <span style={{ textAlign: 'right' }}>{header}</span>,
    numeric: true,
    sortable: true,
    render: (row) => {
      const text = formatCount(row[key]);
      const exact = row[key].toLocaleString();
      return (
        <Text size="sm" title={text === exact ? undefined : exact}>
          {text}
        </Text>
      );
    },
  };
}

/** Every column sorts on the server; the keys are the contract's sort fields. */
export const TOP_ORGS_COLUMNS: DataColumn<TopOrgRow>[] = [
  {
    key: 'org_name' satisfies TopOrgsSortField,
    header: 'Organization',
    sortable: true,
    render: (row) => (
      <Text size="sm" fw={600} maw={260} truncate="end" title={row.org_name}>
        {row.org_name}
      </Text>
    ),
  },
  countColumn('total_users', 'Users'),
  countColumn('total_users_active', 'Active users'),
  countColumn('total_readings', 'Readings'),
  countColumn('morning_readings', 'Morning'),
  countColumn('anytime_readings', 'Anytime'),
  countColumn('exercise_sessions', 'Biofeedback'),
  countColumn('mindfulness_sessions', 'Mindfulness'),
  countColumn('plan_sessions', 'Self-compassion'),
];
