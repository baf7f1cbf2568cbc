import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { LogoMark } from './logo.tsx';

/** Shown instead of a blank screen when a page fails to render. */
export function RouteErrorPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <LogoMark size={56} />
        <Title order={1}>{FALLBACK_ERROR_MESSAGE}</Title>
        <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
