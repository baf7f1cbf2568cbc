import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import type { MyReadingRow } from '@resonant/contracts/my-readings';
import type { DataColumn } from '../../../components/data-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { TableOrRetry } from '../../../components/table-or-retry.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { formatDateTime, formatMs } from '../../../lib/hrv-format.ts';
import { showRequestError } from '../../../lib/notify.tsx';
import { myReadingsParams, useMyReadings } from '../api/get-my-readings.ts';
import { KIND_LABELS, ReadingDrawer } from './reading-drawer.tsx';
import { metricText } from './reading-metrics.tsx';
import { ReadingsFilters, type Filters } from './readings-filters.tsx';

const COLUMNS: DataColumn<MyReadingRow>[] = [
  {
    key: 'takenAt',
    header: 'Taken at',
    noWrap: true,
    render: (row) => formatDateTime(row.takenAt),
  },
  { key: 'kind', header: 'Kind', render: (row) => KIND_LABELS[row.kind] },
  {
    key: 'rmssd',
    header: 'RMSSD',
    numeric: true,
    noWrap: true,
    render: (row) => formatMs(row.rmssd),
  },
  { key: 'sdnn', header: 'SDNN', numeric: true, noWrap: true, render: (row) => formatMs(row.sdnn) },
  {
    key: 'meanHr',
    header: 'Mean HR',
    numeric: true,
    noWrap: true,
    render: (row) => metricText(row.meanHr, 'bpm', 0),
  },
  {
    key: 'artifacts',
    header: 'Artifacts',
    numeric: true,
    noWrap: true,
    render: (row) => metricText(row.artifactPercent, '%', 1),
  },
  {
    key: 'quality',
    header: 'Quality',
    render: (row) =>
      row.quality === 'good' ? (
        'Good'
      ) : (
        <Badge color="orange" variant="light">
          Low
        </Badge>
      ),
  },
  {
    key: 'tags',
    header: 'Tags',
    render: (row) => row.tags.map((tag) => tag.tag_name).join(', ') || '—',
  },
];

/**
 * The member's readings (`/user/history/morning`): every reading of theirs, morning and anytime,
 * newest first, a page at a time through the API's cursor, filtered by kind, tag and days; a row
 * opens the reading, and the CSV holds what the filters keep.
 */
export function MyReadingsPage() {
  const [filters, setFilters] = useState<Filters>({});
  // The cursor of each page reached so far: back is the one before, forward the answer's next.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const page = cursors.length;
  const query = useMyReadings({ ...filters, cursor: cursors.at(-1) });
  const filter = (changes: Filters) => {
    setFilters((current) => ({ ...current, ...changes }));
    setCursors([undefined]);
  };
  const download = () => {
    setDownloading(true);
    downloadCsv('/v1/readings.csv', myReadingsParams(filters))
      .catch(showRequestError)
      .finally(() => setDownloading(false));
  };
  const nextCursor = query.data?.nextCursor ?? null;

  return (
    <SectionCard
      title="Your readings"
      description="Every morning and anytime reading you recorded, newest first. Open one to see all its metrics, edit its tags and note, or delete it."
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ReadingsFilters filters={filters} tags={query.data?.tags ?? []} onChange={filter} />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={download}
            ml="auto"
          >
            Download CSV
          </Button>
        </Group>
        <TableOrRetry
          label="Your readings"
          columns={COLUMNS}
          rows={query.data?.list}
          rowKey={(row) => row.id}
          loading={query.isPending}
          emptyText="No readings"
          onRowClick={(row) => setOpenId(row.id)}
          failure={{ what: 'Your readings', query }}
        />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Page {page}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={page === 1}
              onClick={() => setCursors((current) => current.slice(0, -1))}
            >
              Newer
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={nextCursor === null || query.isPlaceholderData}
              onClick={() => setCursors((current) => [...current, nextCursor ?? undefined])}
            >
              Older
            </Button>
          </Group>
        </Group>
      </Stack>
      <ReadingDrawer readingId={openId} onClose={() => setOpenId(null)} />
    </SectionCard>
  );
}
