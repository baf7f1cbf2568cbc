import { useState } from 'react';
import { Button, FileInput, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  IMPORT_CSV_ONLY_MESSAGE,
  IMPORT_MAX_BYTES,
  type ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { paths } from '../../../config/paths.ts';
import { showError, showSuccess } from '../../../lib/notify.tsx';
import { useImportOrgUsers } from '../api/import-org-users.ts';
import { importSummary } from '../import-summary.ts';
import { useSignedInUser } from '../use-signed-in-user.ts';
import { ImportErrorsDialog } from './import-errors-dialog.tsx';
import { ImportProgress, ImportResultAlert } from './import-upload-status.tsx';
import { PrepareImportFile } from './prepare-import-file.tsx';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;
const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_MB} MB`;

/** Why a chosen file cannot be imported, or null: SPEC §5's '.csv only' rule and the size limit. */
function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return IMPORT_CSV_ONLY_MESSAGE;
  if (file.size > IMPORT_MAX_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

/** CSV Import (/org/import): the columns, the template, the upload with progress and its result. */
export function ImportUsersPage() {
  const me = useSignedInUser();
  const importUsers = useImportOrgUsers();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<ImportUsersResponse | null>(null);
  const [showFailures, setShowFailures] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    const found = chosen ? fileProblem(chosen) : null;
    setProblem(found);
    if (found === IMPORT_CSV_ONLY_MESSAGE) showError(found);
  };

  const upload = () => {
    if (!file || problem) return;
    setSent(0);
    importUsers.mutate(
      { file, domain: me?.domainname ?? null, onProgress: setSent },
      {
        onSuccess: (response) => {
          setResult(response);
          if (response.data.failedCount > 0) setShowFailures(true);
          else showSuccess(`${response.message}: ${importSummary(response.data)}`);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          component={Link}
          to={paths.org.users}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          px={0}
        >
          Back to Users
        </Button>
      </Group>

      <PrepareImportFile />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            2. Upload
          </Title>
          <FileInput
            label="CSV file"
            description={`Only .csv files, at most ${MAX_MB} MB.`}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            clearable
            value={file}
            onChange={choose}
            error={problem}
            disabled={importUsers.isPending}
            maw={520}
          />
          <ImportProgress pending={importUsers.isPending} sent={sent} />
          <Group>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={upload}
              disabled={!file || Boolean(problem)}
              loading={importUsers.isPending}
            >
              Import users
            </Button>
          </Group>
          {result && (
            <ImportResultAlert result={result} onShowFailures={() => setShowFailures(true)} />
          )}
        </Stack>
      </Paper>
      <ImportErrorsDialog
        result={showFailures ? result : null}
        onClose={() => setShowFailures(false)}
      />
    </Stack>
  );
}
