import { useState } from 'react';
import { Badge, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { MyReading } from '@resonant/contracts/my-readings';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { showRequestError } from '../../../lib/notify.tsx';
import { useDeleteMyReading } from '../api/delete-my-reading.ts';
import { useMyReading } from '../api/get-my-reading.ts';
import { EditReadingDialog } from './edit-reading-dialog.tsx';
import { metricText, ReadingMetrics } from './reading-metrics.tsx';

/** The reading's kind and quality as the list and the drawer name them. */
export const KIND_LABELS = { morning: 'Morning', anytime: 'Anytime' } as const;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function ReadingDetails({ reading, onDeleted }: { reading: MyReading; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMyReading();
  const taken = formatDateTime(reading.takenAt);
  const deleteIt = () =>
    remove.mutate(reading.id, {
      onSuccess: () => {
        setConfirming(false);
        onDeleted();
      },
      onError: showRequestError,
    });
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">{KIND_LABELS[reading.kind]}</Badge>
        <Badge variant="light" color={reading.quality === 'good' ? 'teal' : 'orange'}>
          {reading.quality === 'good' ? 'Good quality' : 'Low quality'}
        </Badge>
      </Group>
      <Stack component="dl" gap="xs" m={0}>
        <Fact label="Taken at">{taken}</Fact>
        <Fact label="Artifacts corrected">
          {metricText(reading.metrics.artifactPercent, '%', 1)}
        </Fact>
        <Fact label="Device">{reading.device ?? 'Not recorded'}</Fact>
        <Fact label="Organisation">{reading.org.name}</Fact>
        <Fact label="Tags">
          {reading.tags.length > 0 ? reading.tags.map((tag) => tag.tag_name).join(', ') : 'None'}
        </Fact>
        <Fact label="Note">{reading.note ?? 'None'}</Fact>
      </Stack>
      {reading.quality === 'low' && (
        <Text size="sm" c="dimmed">
          Too little clean signal: this reading is kept but left out of every average.
        </Text>
      )}
      <Group gap="sm">
        <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
          Edit tags and note
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete reading
        </Button>
      </Group>
      <ReadingMetrics metrics={reading.metrics} />
      <EditReadingDialog
        key={`${reading.id}:${editing}`}
        reading={reading}
        opened={editing}
        onClose={() => setEditing(false)}
      />
      <ConfirmDialog
        opened={confirming}
        title="Delete this reading?"
        message={`The reading of ${taken} is deleted for good: its RR intervals, every metric, its tags and its note.`}
        details={
          <Text size="sm" c="dimmed">
            Your averages, and the dashboards and reports of {reading.org.name}, stop counting it at
            once. This cannot be undone.
          </Text>
        }
        confirmLabel="Delete reading"
        loading={remove.isPending}
        onConfirm={deleteIt}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

interface ReadingDrawerProps {
  readingId: string | null;
  onClose: () => void;
}

/** One reading opened from the list: its facts, every metric, and its edit and delete actions. */
export function ReadingDrawer({ readingId, onClose }: ReadingDrawerProps) {
  const query = useMyReading(readingId);
  const fullScreen = useFullScreenDialog();
  return (
    <Drawer
      opened={readingId !== null}
      onClose={onClose}
      position="right"
      size={fullScreen ? '100%' : 'lg'}
      title="Reading"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {readingId !== null && (
        <QueryContent query={query} what="The reading" loading={<Skeleton height={320} />}>
          {(reading) => <ReadingDetails reading={reading} onDeleted={onClose} />}
        </QueryContent>
      )}
    </Drawer>
  );
}
