import { Stack } from '@mantine/core';
import { SignedInDevicesSection } from '../../features/account-sessions/components/signed-in-devices-section.tsx';
import { PasswordSection } from '../../features/passwords/components/password-section.tsx';

/**
 * The person's own settings, for every role: one section per concern, each a component of its
 * feature (further sections, e.g. two-factor sign-in, are one more line here).
 */
export function SettingsPage() {
  return (
    <Stack gap="lg">
      <PasswordSection />
      <SignedInDevicesSection />
    </Stack>
  );
}
