import { Stack } from '@mantine/core';
import { AccessLogSection } from '../../features/access-log/components/access-log-section.tsx';
import { DeleteAccountSection } from '../../features/account-deletion/components/delete-account-section.tsx';
import { ExportDataSection } from '../../features/my-data/components/export-data-section.tsx';

/**
 * /user/data: the signed-in person's own data and their rights over it; one section per
 * feature, each a component of its feature.
 */
export function YourDataPage() {
  return (
    <Stack gap="lg" maw={960}>
      <ExportDataSection />
      <AccessLogSection />
      <DeleteAccountSection />
    </Stack>
  );
}
