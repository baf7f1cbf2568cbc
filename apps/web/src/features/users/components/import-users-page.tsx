import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconDownload,
  IconFileTypeCsv,
  IconUpload,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  IMPORT_COLUMNS,
  IMPORT_CSV_ONLY_MESSAGE,
  IMPORT_MAX_BYTES,
  type ImportColumn,
  type ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { showError, showSuccess } from '../../../lib/notify.tsx';
import { useImportOrgUsers } from '../api/import-org-users.ts';
import { TEMPLATE_FILE_NAME, downloadCsv, templateCsv } from '../csv-files.ts';
import { importSummary } from '../import-summary.ts';
import { useSignedInUser } from '../use-signed-in-user.ts';
import { ImportErrorsDialog } from './import-errors-dialog.tsx';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;
const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_MB} MB`;

const COLUMN_DOCS: DataColumn<ImportColumn>[] = [
  { key: 'name', header: 'Column', render: (column) => <Code>{column.name}</Code> },
  {
    key: 'required',
    header: 'Required',
    render: (column) => (
      <Text size="sm" fw={column.required ? 600 : 400} c={column.required ? undefined : 'dimmed'}>
        {column.required ? 'Required' : 'Optional'}
      </Text>
    ),
  },
  {
    key: 'rules',
    header: 'Rules',
    render: (column) => <Text size="sm">{column.description}</Text>,
  },
  {
    key: 'example',
    header: 'Example',
    render: (column) => (
      <Text size="sm" c={column.example ? undefined : 'dimmed'}>
        {column.example || '(empty)'}
      </Text>
    ),
  },
];

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

  const uploading = importUsers.isPending && sent < 1;
  const processing = importUsers.isPending && sent >= 1;

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

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} fz="h3">
              1. Prepare the file
            </Title>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadCsv(TEMPLATE_FILE_NAME, templateCsv())}
            >
              Download template
            </Button>
          </Group>
          <Text size="sm">
            One user per line, below a first line naming the columns (any order, upper or lower
            case). Save it as <strong>CSV UTF-8</strong>, separated by commas (semicolons work too).
          </Text>
          <DataTable
            label="Columns of the import file"
            columns={COLUMN_DOCS}
            rows={[...IMPORT_COLUMNS]}
            rowKey={(column) => column.name}
            emptyText=""
          />
          <List size="sm" spacing={4}>
            <List.Item>
              Each row is checked like Add User. Good rows are imported; the others are listed with
              the reason, so you can fix them and upload the same file again — people already in
              your organization are skipped, never added twice.
            </List.Item>
            <List.Item>
              Cells are imported as plain text and never run as formulas. A cell starting with{' '}
              <Code>=</Code>, <Code>+</Code>, <Code>-</Code> or <Code>@</Code> is shown back (in the
              error list and its download) with a leading <Code>&apos;</Code>, so a spreadsheet
              keeps it as text.
            </List.Item>
            <List.Item>
              A password in a file can be read by anyone who gets the file: delete the file after
              the import, or leave the column empty and{' '}
              <Anchor component={Link} to={paths.org.invitation} size="sm">
                invite the users
              </Anchor>{' '}
              instead.
            </List.Item>
          </List>
        </Stack>
      </Paper>

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
          {uploading && (
            <Stack gap={4} maw={520}>
              <Text size="sm">Uploading… {Math.round(sent * 100)}%</Text>
              <Progress value={sent * 100} animated aria-label="Upload progress" />
            </Stack>
          )}
          {processing && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Processing the rows…</Text>
            </Group>
          )}
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
            <Alert
              color={result.data.failedCount > 0 ? 'orange' : 'teal'}
              icon={<IconCircleCheck size={18} aria-hidden />}
              title={result.message}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{importSummary(result.data)}</Text>
                {result.data.failedCount > 0 && (
                  <Button size="xs" variant="light" onClick={() => setShowFailures(true)}>
                    Show failed rows
                  </Button>
                )}
              </Stack>
            </Alert>
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
