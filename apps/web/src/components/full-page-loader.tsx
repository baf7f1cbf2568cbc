import { Center, Loader, Stack, Text } from '@mantine/core';
import { LogoMark } from './logo.tsx';

interface FullPageLoaderProps {
  label?: string;
}

export function FullPageLoader({ label = 'Loading Resonant…' }: FullPageLoaderProps) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <LogoMark size={48} />
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
