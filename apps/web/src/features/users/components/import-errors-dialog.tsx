import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  IMPORT_INVALID_DATA_MESSAGE,
  type ImportFailure,
  type ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { FAILED_ROWS_FILE_NAME, downloadCsv, failedRowsCsv } from '../csv-files.ts';
import { importSummary } from '../import-summary.ts';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';

const COLUMNS: DataColumn<ImportFailure>[] = [
  { key: 'line', header: 'Line', numeric: true, width: 64, render: (row) => row.row },
  {
    key: 'username',
    header: 'Username',
    render: (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.email || '—'}
      </Text>
    ),
  },
  { key: 'reason', header: 'Reason', render: (row) => <Text size="sm">{row.reason}</Text> },
];

const FAILED_ROWS_LABEL = 'Rows that were not imported';

interface ImportErrorsDialogProps {
  result: ImportUsersResponse | null;
  onClose: () => void;
}

/** SPEC §8 "Failed import": 'Invalid data' with the failed rows' Username and Reason. */
export function ImportErrorsDialog({ result, onClose }: ImportErrorsDialogProps) {
  const fullScreen = useFullScreenDialog();
  const data = result?.data;
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={IMPORT_INVALID_DATA_MESSAGE}
      size="xl"
      fullScreen={fullScreen}
    >
      {data && (
        <Stack gap="md">
          <Text size="sm">
            {importSummary(data)} Fix the rows below and upload the file again: the users already
            imported are skipped.
          </Text>
          {data.failedCount > data.failed.length && (
            <Text size="sm" c="dimmed">
              Showing the first {data.failed.length} of {data.failedCount} failed rows.
            </Text>
          )}
          <DataTable
            label={FAILED_ROWS_LABEL}
            columns={COLUMNS}
            rows={data.failed}
            rowKey={(row) => String(row.row)}
            emptyText="No failed rows"
            // Three short columns fit a phone; a sideways scroll would hide the reason.
            minWidth={0}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadCsv(FAILED_ROWS_FILE_NAME, failedRowsCsv(data.failed))}
            >
              Download failed rows
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
