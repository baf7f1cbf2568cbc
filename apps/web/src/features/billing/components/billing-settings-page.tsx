import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { BillingSettingsFigures } from './billing-settings-figures.tsx';
import { BillingSettingsForm } from './billing-settings-form.tsx';
import { PaymentMethodsCard } from './payment-methods-card.tsx';

/**
 * /org/billing-settings (SPEC §2, org admins): the current period and its seats, the billing
 * email and start date, and the saved cards. Each part loads, fails and retries on its own.
 * `children`: the organisation's other settings, placed after billing's (the router composes them).
 */
export function BillingSettingsPage({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="md" maw={960}>
      <BillingSettingsFigures />
      <BillingSettingsForm />
      <PaymentMethodsCard />
      {children}
    </Stack>
  );
}
