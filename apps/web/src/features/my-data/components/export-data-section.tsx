import { Button, Code, Group, List, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { EXPORT_FILES } from '@resonant/contracts/my-data';
import { SectionCard } from '../../../components/section-card.tsx';
import { showRequestError, showSuccess } from '../../../lib/notify.tsx';
import { useDownloadExport } from '../api/download-export.ts';
import { useDownloadFhirBundle } from '../api/download-fhir-bundle.ts';

/**
 * "Export your data" (issue 28 point 7): what the download holds, file by file (the list the
 * archive's README.txt is written from), and the two downloads, each showing its progress.
 */
export function ExportDataSection() {
  const archive = useDownloadExport();
  const fhir = useDownloadFhirBundle();
  const handlers = (done: string) => ({
    onSuccess: () => showSuccess(done),
    onError: showRequestError,
  });

  return (
    <SectionCard
      title="Export your data"
      padding="roomy"
      description={
        <>
          Everything Resonant holds about you, from every organization you have recorded in, in one
          ZIP file. Times are UTC; RR intervals are in milliseconds.
        </>
      }
    >
      <List size="sm" spacing={6} aria-label="What the download contains">
        {EXPORT_FILES.map((file) => (
          <List.Item key={file.name}>
            <Code>{file.name}</Code>{' '}
            <Text span size="sm" c="dimmed">
              {file.description}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={archive.isPending}
          onClick={() => archive.mutate(undefined, handlers('Your data has been downloaded.'))}
        >
          Download everything (ZIP)
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={fhir.isPending}
          onClick={() => fhir.mutate(undefined, handlers('Your FHIR bundle has been downloaded.'))}
        >
          Download FHIR bundle
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The FHIR bundle holds your readings as HL7 FHIR R4 Observations, which health-record systems
        and apps can import. Each download is recorded in the audit trail.
      </Text>
    </SectionCard>
  );
}
