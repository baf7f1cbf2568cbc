import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ImportUsersResponse } from '@resonant/contracts/org-users';
import { importSummary } from '../import-summary.ts';

/** While an import runs: the upload's progress, then the server processing the rows. */
export function ImportProgress({ pending, sent }: { pending: boolean; sent: number }) {
  if (!pending) return null;
  if (sent < 1) {
    return (
      <Stack gap={4} maw={520}>
        <Text size="sm">Uploading… {Math.round(sent * 100)}%</Text>
        <Progress value={sent * 100} animated aria-label="Upload progress" />
      </Stack>
    );
  }
  return (
    <Group gap="xs">
      <Loader size="sm" aria-hidden />
      <Text size="sm">Processing the rows…</Text>
    </Group>
  );
}

/** What an import did, with the failed rows a click away. */
export function ImportResultAlert({
  result,
  onShowFailures,
}: {
  result: ImportUsersResponse;
  onShowFailures: () => void;
}) {
  const failed = result.data.failedCount > 0;
  return (
    <Alert
      color={failed ? 'orange' : 'teal'}
      icon={<IconCircleCheck size={18} aria-hidden />}
      title={result.message}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{importSummary(result.data)}</Text>
        {failed && (
          <Button size="xs" variant="light" onClick={onShowFailures}>
            Show failed rows
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
