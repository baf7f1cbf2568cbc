import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { MySession } from '@resonant/contracts/my-sessions';
import type { SessionMinuteResult } from '@resonant/contracts/reports';
import type { SessionType } from '@resonant/contracts/sessions';
import { BackLink } from '../../../components/back-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { OzSamplesChart } from '../../../components/oz-samples-chart.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMetric, formatMs, NO_VALUE } from '../../../lib/hrv-format.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import {
  formatBreathPattern,
  formatMinutes,
  formatOzPercent,
  minuteLabel,
  tagNames,
} from '../../../lib/session-format.ts';
import { useDeleteMySession } from '../api/delete-my-session.ts';
import { useMySession } from '../api/get-my-session.ts';
import { SESSION_KIND_PAGES } from '../session-kinds.ts';
import { EditSessionDialog } from './edit-session-dialog.tsx';

type MySessionDetailProps = { kind: SessionType; sessionId: string };

/** One of the person's sessions: what it was, its per-minute data and its optimal zone. */
export function MySessionDetail({ kind, sessionId }: MySessionDetailProps) {
  const query = useMySession(sessionId);
  const back = `Back to ${SESSION_KIND_PAGES[kind].plural}`;
  return (
    <Stack gap="md">
      <BackLink to="." label={back} />
      <QueryContent query={query} what="This session" loading={<Skeleton height={320} />}>
        {(session) => <SessionView session={session} />}
      </QueryContent>
    </Stack>
  );
}

function SessionView({ session }: { session: MySession }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <SectionCard
        title={session.sessionName}
        titleAside={
          session.quality === 'low' ? (
            <Badge color="orange" variant="light">
              Low quality
            </Badge>
          ) : undefined
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit tags and note
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        }
      >
        <SessionFacts session={session} />
      </SectionCard>
      <SectionCard title="Optimal zone">
        <OzSamplesChart sessionName={session.sessionName} samples={session.optimalZone} />
      </SectionCard>
      <SectionCard title="Per-minute data">
        <DataTable
          label={`Per-minute data of ${session.sessionName}`}
          columns={minuteColumns}
          rows={session.results}
          rowKey={(row) => String(row.countTime)}
          emptyText="This session has no per-minute results."
          minWidth={640}
        />
      </SectionCard>
      {/* Mounted while open: it asks for the offered tags, and starts from what is stored. */}
      {editing && <EditSessionDialog session={session} opened onClose={() => setEditing(false)} />}
      <DeleteSessionDialog session={session} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

/** What the session was: when, how long, its breathing, optimal zone, averages, tags and note. */
function SessionFacts({ session }: { session: MySession }) {
  const facts: [string, string][] = [
    ['Date', formatDateTime(session.dateTime)],
    ['Length', formatMinutes(session.sessionMinutes)],
    ['Breaths per minute', formatMetric(session.breathsPerMinute)],
    ['Breathing pattern', formatBreathPattern(session.breathTime)],
    ['Time in the optimal zone', formatOzPercent(session.ozSesAvgPercentage)],
    ['Optimal zone score', formatMetric(session.optimalZoneSessionAverage, 1)],
    ['RMSSD', formatMs(session.averages.timeDomain.rmssd)],
    ['SDNN', formatMs(session.averages.timeDomain.sdnn)],
    ['Tags', tagNames(session.tags) ?? NO_VALUE],
    ['Note', session.note ?? NO_VALUE],
  ];
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, sm: 3 }}
      spacing="sm"
      verticalSpacing="xs"
      component="dl"
      m={0}
    >
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

type DeleteSessionDialogProps = { session: MySession; opened: boolean; onClose: () => void };

/** Deleting a session says what goes with it; once done, the page returns to the list. */
function DeleteSessionDialog({ session, opened, onClose }: DeleteSessionDialogProps) {
  const remove = useDeleteMySession();
  const navigate = useNavigate();
  const onConfirm = () =>
    remove.mutate(session.sessionId, {
      onSuccess: () => {
        showSuccess('Session deleted');
        void navigate('.', { replace: true });
      },
    });
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete this session?"
      message={`${session.sessionName} of ${formatDateTime(session.dateTime)} will be deleted for good.`}
      details={
        <Text size="sm" c="dimmed">
          Its per-minute data, optimal-zone samples, raw heartbeat intervals, tags and note go with
          it, and your organisation&apos;s activity figures stop counting it.
        </Text>
      }
      confirmLabel="Delete session"
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** The minutes' table: RMSSD, SDNN and MaxMin in ms, then the powers in ms². */
const minuteColumns: DataColumn<SessionMinuteResult>[] = [
  { key: 'minute', header: 'Minute', noWrap: true, render: (row) => minuteLabel(row) },
  ...(
    [
      ['rmssd', 'RMSSD (ms)', (row: SessionMinuteResult) => row.timeDomain.rmssd],
      ['sdnn', 'SDNN (ms)', (row: SessionMinuteResult) => row.timeDomain.sdnn],
      ['minMax', 'MaxMin (ms)', (row: SessionMinuteResult) => row.timeDomain.minMax],
      ['lf', 'LF (ms²)', (row: SessionMinuteResult) => row.frequencyDomain.lf],
      ['hf', 'HF (ms²)', (row: SessionMinuteResult) => row.frequencyDomain.hf],
      ['vlf', 'VLF (ms²)', (row: SessionMinuteResult) => row.frequencyDomain.vlf],
    ] as const
  ).map(([key, header, value]): DataColumn<SessionMinuteResult> => ({
    key,
    header,
    numeric: true,
    noWrap: true,
    render: (row) => formatMetric(value(row)),
  })),
];
