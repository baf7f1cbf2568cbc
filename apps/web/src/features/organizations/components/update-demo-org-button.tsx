import { Button, Group, Loader, Progress, Stack, Text, type StackProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { DemoOrgProgress } from '@resonant/contracts/demo-org';
import { useUpdateDemoOrg } from '../api/update-demo-org.ts';

/** The share done, 0–100, or null while the job has not counted its work yet. */
function percentOf(progress: DemoOrgProgress | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/**
 * 'Update Demo Org Data' (SPEC §2, §8): refreshes the demo organization's recordings up to today,
 * with a progress bar while it runs; the button waits until it is done.
 */
export function UpdateDemoOrgButton({ flex }: Pick<StackProps, 'flex'>) {
  const update = useUpdateDemoOrg();
  const percent = percentOf(update.progress);
  return (
    <Stack gap={4} flex={flex} style={{ minWidth: 0 }}>
      <Button
        variant="light"
        // Disabled rather than loading, so the label stays readable beside the progress.
        leftSection={
          update.isPending ? (
            <Loader size={16} aria-hidden />
          ) : (
            <IconRefresh size={18} aria-hidden />
          )
        }
        disabled={update.isPending}
        onClick={() => update.mutate()}
      >
        Update Demo Org Data
      </Button>
      {update.isPending && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
          <Progress
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            size="sm"
            style={{ flex: 1, minWidth: 80 }}
            aria-label="Demo org update progress"
          />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {percent === null ? 'Starting…' : `${percent}%`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
