import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { AccessLogEntry } from '@resonant/contracts/access-log';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { useAccessLog } from '../api/get-access-log.ts';

/** "Organization Admin of Demo Org": where the person looked from, as far as it is known. */
const asWhat = (entry: AccessLogEntry) =>
  [entry.role, entry.organisation].filter(Boolean).join(' of ') || null;

const columns: DataColumn<AccessLogEntry>[] = [
  { key: 'at', header: 'When', render: (entry) => formatDateTime(entry.at) },
  {
    key: 'what',
    header: 'What happened',
    // One sentence, the reader's standing under it: two columns fit a phone without scrolling.
    render: (entry) => (
      <Stack gap={0}>
        <Text size="sm">{`${entry.who} ${entry.what}`}</Text>
        {asWhat(entry) && (
          <Text size="xs" c="dimmed">
            {asWhat(entry)}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** Your data: who read or downloaded the person's readings and sessions, newest first. */
export function AccessLogSection() {
  // The cursors of the pages before this one, so Newer goes back without asking for a total.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const log = useAccessLog(cursor);
  return (
    <SectionCard
      title="Access log"
      description="Every time an admin of one of your organisations opened or downloaded your readings or sessions."
      padding="roomy"
    >
      <QueryContent query={log} what="The access log" loading={null}>
        {(data) => (
          <Stack gap="sm">
            <DataTable
              label="Access log"
              columns={columns}
              rows={data.entries}
              rowKey={(entry) => entry.id}
              emptyText="Nobody has opened your data"
              minWidth={300}
              loading={log.isPlaceholderData}
            />
            {(cursors.length > 1 || data.nextCursor) && (
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((before) => before.slice(0, -1))}
                >
                  Newer
                </Button>
                <Button
                  variant="default"
                  disabled={!data.nextCursor || log.isPlaceholderData}
                  onClick={() => setCursors((before) => [...before, data.nextCursor])}
                >
                  Older
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
