import { Anchor, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IMPORT_COLUMNS, type ImportColumn } from '@resonant/contracts/org-users';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { TEMPLATE_FILE_NAME, downloadCsv, templateCsv } from '../csv-files.ts';

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

/** CSV Import's first step: the columns of the file, its template, and how rows are checked. */
export function PrepareImportFile() {
  return (
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
          One user per line, below a first line naming the columns (any order, upper or lower case).
          Save it as <strong>CSV UTF-8</strong>, separated by commas (semicolons work too).
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
            the reason, so you can fix them and upload the same file again — people already in your
            organization are skipped, never added twice.
          </List.Item>
          <List.Item>
            Cells are imported as plain text and never run as formulas. A cell starting with{' '}
            <Code>=</Code>, <Code>+</Code>, <Code>-</Code> or <Code>@</Code> is shown back (in the
            error list and its download) with a leading <Code>&apos;</Code>, so a spreadsheet keeps
            it as text.
          </List.Item>
          <List.Item>
            A password in a file can be read by anyone who gets the file: delete the file after the
            import, or leave the column empty and{' '}
            <Anchor component={Link} to={paths.org.invitation} size="sm">
              invite the users
            </Anchor>{' '}
            instead.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
