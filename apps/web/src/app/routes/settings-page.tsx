import { Stack } from '@mantine/core';
import { ApiTokensSection } from '../../features/api-tokens/components/api-tokens-section.tsx';
import { ChangeEmailButton } from '../../features/email-change/components/change-email-button.tsx';
import { SignedInDevicesSection } from '../../features/account-sessions/components/signed-in-devices-section.tsx';
import { SignInMethodsSection } from '../../features/auth/components/sign-in-methods-section.tsx';
import { PasswordSection } from '../../features/passwords/components/password-section.tsx';
import { ProfileSection } from '../../features/profile/components/profile-section.tsx';
import { TwoFactorSection } from '../../features/two-factor/components/two-factor-section.tsx';

/**
 * /user/settings: the signed-in person's own account, for every role; one section per feature,
 * each a component of its feature.
 */
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={960}>
      <ProfileSection>
        <ChangeEmailButton />
      </ProfileSection>
      <PasswordSection />
      <TwoFactorSection />
      <SignInMethodsSection />
      <SignedInDevicesSection />
      <ApiTokensSection />
    </Stack>
  );
}
