import { Stack } from '@mantine/core';
import { ExportDataSection } from '../../features/my-data/components/export-data-section.tsx';

/**
 * /user/data: the signed-in person's own data and their rights over it; one section per
 * feature, each a component of its feature.
 */
export function YourDataPage() {
  return (
    <Stack gap="lg" maw={960}>
      <ExportDataSection />
    </Stack>
  );
}
