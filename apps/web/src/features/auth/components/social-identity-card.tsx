import { Group, Paper, Text } from '@mantine/core';
import type { PendingSocialSignUp } from '@resonant/contracts/social-sign-in';
import { EmailText } from './email-text.tsx';
import { ProviderMark } from './provider-mark.tsx';

interface SocialIdentityCardProps {
  pending: PendingSocialSignUp;
}

/** The email the provider shared, read-only, with the provider it came from. */
export function SocialIdentityCard({ pending }: SocialIdentityCardProps) {
  const { provider, email } = pending;
  return (
    <Paper withBorder radius="md" px="sm" py="xs" bg="gray.0">
      <Group gap="sm" wrap="nowrap">
        <ProviderMark kind={provider.kind} size={22} />
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="gray.7">
            Email from {provider.label}
          </Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {email ? <EmailText email={email} /> : 'No email shared'}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
