import { Stack } from '@mantine/core';
import { AccessLogSection } from '../../features/access-log/components/access-log-section.tsx';
import { DeleteAccountSection } from '../../features/account-deletion/components/delete-account-section.tsx';

/**
 * /user/data: the person's rights over their data; one section per feature, each a component of
 * its feature.
 */
export function YourDataPage() {
  return (
    <Stack gap="lg" maw={960}>
      <AccessLogSection />
      <DeleteAccountSection />
    </Stack>
  );
}
