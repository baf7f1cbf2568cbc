import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useSocialProviders } from '../api/get-social-providers.ts';
import { useStartSocialSignIn } from '../api/start-social-sign-in.ts';
import { providersInButtonOrder } from '../provider-order.ts';
import { ProviderMark } from './provider-mark.tsx';
import classes from './auth-screen.module.css';

interface SocialSignInButtonsProps {
  /** Where to land after the round trip (the auth screen's redirectTo), if anywhere. */
  redirectTo: string | null;
}

/**
 * 'Continue with …', one button per configured provider under an 'or' divider; nothing at all
 * when none is configured. Development providers are marked as such.
 */
export function SocialSignInButtons({ redirectTo }: SocialSignInButtonsProps) {
  const { data } = useSocialProviders();
  const { start, leavingFor } = useStartSocialSignIn();
  const providers = providersInButtonOrder(data?.providers ?? []);
  if (providers.length === 0) return null;

  return (
    <Stack gap="sm" mt="md">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          size="md"
          fz="sm"
          fw={500}
          fullWidth
          classNames={{ root: classes.providerButton, label: classes.providerLabel }}
          data-development={provider.development || undefined}
          // The mark at the button's edge, the words centred (the empty right section balances it).
          justify="space-between"
          leftSection={<ProviderMark kind={provider.kind} />}
          rightSection={<span />}
          loading={leavingFor === provider.id}
          disabled={leavingFor !== undefined && leavingFor !== provider.id}
          onClick={() => start({ provider: provider.id, redirectTo })}
        >
          {/* One flex item: the label's words flow and wrap as one text. */}
          <span>
            Continue with <span className={classes.providerName}>{provider.label}</span>
          </span>
        </Button>
      ))}
      {providers.some((provider) => provider.development) && (
        <Group gap={6} wrap="nowrap" align="flex-start" justify="center">
          <IconFlask size={16} aria-hidden className={classes.developmentIcon} />
          <Text size="xs" c="gray.7">
            Development sign-ins use a test provider built into this server: no real Google or Apple
            account is involved.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
