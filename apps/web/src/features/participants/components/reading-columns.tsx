import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { MemberReading } from '@resonant/contracts/reports';
import type { DataColumn } from '../../../components/data-table.tsx';
import { formatDateTime, formatMetric, NO_VALUE } from '../../../lib/hrv-format.ts';

const KIND_LABELS: Record<MemberReading['kind'], string> = {
  morning: 'Morning',
  anytime: 'Anytime',
};

/** The columns of a readings table: when, the main measures, quality and tags. */
export const READING_COLUMNS: DataColumn<MemberReading>[] = [
  {
    key: 'dateTime',
    header: 'Date/time',
    noWrap: true,
    render: (row) => (
      <div>
        <Text size="sm">{formatDateTime(row.dateTime)}</Text>
        <Text size="xs" c="dimmed">
          {KIND_LABELS[row.kind]}
        </Text>
      </div>
    ),
  },
  {
    key: 'rmssd',
    header: 'RMSSD (ms)',
    noWrap: true,
    numeric: true,
    render: (row) => (
      <Text size="sm" fw={600}>
        {formatMetric(row.rmssd)}
      </Text>
    ),
  },
  {
    key: 'sdnn',
    header: 'SDNN (ms)',
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row.time_domain.sdnn),
  },
  {
    key: 'mean_hr',
    header: 'Mean HR (bpm)',
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row.time_domain.mean_hr),
  },
  {
    key: 'lf',
    header: 'LF (ms²)',
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row.frequency_domain.lf),
  },
  {
    key: 'hf',
    header: 'HF (ms²)',
    noWrap: true,
    numeric: true,
    render: (row) => formatMetric(row.frequency_domain.hf),
  },
  {
    key: 'quality',
    header: 'Quality',
    noWrap: true,
    render: (row) =>
      row.quality === 'low' ? (
        <Tooltip label="Too little clean signal: left out of every average" withArrow>
          <Badge color="orange" variant="light" tt="none" tabIndex={0}>
            Low
          </Badge>
        </Tooltip>
      ) : (
        <Badge color="teal" variant="light" tt="none">
          Good
        </Badge>
      ),
  },
  {
    key: 'tags',
    header: 'Tags',
    noWrap: true,
    render: (row) =>
      row.tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_VALUE}
        </Text>
      ) : (
        <Group gap={4} wrap="wrap">
          {row.tags.map((tag) => (
            <Badge key={tag.id} variant="outline" color="gray" tt="none">
              {tag.tag_name}
            </Badge>
          ))}
        </Group>
      ),
  },
];
