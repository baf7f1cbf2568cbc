import { Stack } from '@mantine/core';
import { TwoFactorSection } from '../../features/two-factor/components/two-factor-section.tsx';

/** /user/settings: the signed-in person's own account, one section per feature (every role). */
export function SettingsPage() {
  return (
    <Stack gap="md" maw={960}>
      <TwoFactorSection />
    </Stack>
  );
}
