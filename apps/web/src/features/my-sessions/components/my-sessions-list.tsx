import { useState } from 'react';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MySessionSummary } from '@resonant/contracts/my-sessions';
import type { SessionType } from '@resonant/contracts/sessions';
import type { DataColumn } from '../../../components/data-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { TableOrRetry } from '../../../components/table-or-retry.tsx';
import { formatDateTime, formatMs } from '../../../lib/hrv-format.ts';
import { formatMinutes, formatOzPercent, tagNames } from '../../../lib/session-format.ts';
import { useMySessions } from '../api/get-my-sessions.ts';
import { noSessionsYet, SESSION_KIND_PAGES, SESSION_PARAM } from '../session-kinds.ts';

/**
 * The person's sessions of a kind, newest first, a page at a time: Older follows the API's
 * cursor, Newer goes back along the cursors already followed.
 */
export function MySessionsList({ kind }: { kind: SessionType }) {
  // The cursors of the pages before this one; the last is this page's.
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useMySessions({ kind, cursor: cursors.at(-1) ?? null });
  const page = cursors.length + 1;
  const nextCursor = query.data?.nextCursor ?? null;
  const { plural } = SESSION_KIND_PAGES[kind];

  return (
    <SectionCard
      title={`Your ${plural}`}
      description="Newest first. Open one for its per-minute data and optimal zone."
    >
      <TableOrRetry
        label={`Your ${plural}`}
        columns={columns}
        rows={query.data?.list}
        rowKey={(row) => row.sessionId}
        loading={query.isPending || query.isPlaceholderData}
        emptyText={noSessionsYet(kind)}
        minWidth={720}
        failure={{ what: `Your ${plural}`, query }}
      />
      {(page > 1 || nextCursor) && (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={page === 1}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            Newer
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            Page {page}
          </Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={!nextCursor || query.isPlaceholderData}
            onClick={() => nextCursor && setCursors((list) => [...list, nextCursor])}
          >
            Older
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

const columns: DataColumn<MySessionSummary>[] = [
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={`?${SESSION_PARAM}=${row.sessionId}`}>
        {formatDateTime(row.dateTime)}
      </Anchor>
    ),
  },
  {
    key: 'name',
    header: 'Session',
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{row.sessionName}</Text>
        {row.quality === 'low' && (
          <Badge color="orange" variant="light" size="sm">
            Low quality
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'minutes',
    header: 'Length',
    numeric: true,
    noWrap: true,
    render: (row) => formatMinutes(row.sessionMinutes),
  },
  {
    key: 'oz',
    header: 'Optimal zone',
    numeric: true,
    noWrap: true,
    render: (row) => formatOzPercent(row.ozSesAvgPercentage),
  },
  {
    key: 'rmssd',
    header: 'RMSSD',
    numeric: true,
    noWrap: true,
    render: (row) => formatMs(row.rmssd),
  },
  { key: 'tags', header: 'Tags', render: (row) => tagNames(row.tags) ?? '' },
];
