import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileHeart, IconSparkles } from '@tabler/icons-react';
import { AppStoreLinks } from './app-store-links.tsx';

interface ComingSoonPageProps {
  title: string;
  /** Individual users are pointed to the mobile app, which already does all of this. */
  mobileApp?: boolean;
}

/** A page the product deliberately does not offer on the web yet. */
export function ComingSoonPage({ title, mobileApp = false }: ComingSoonPageProps) {
  return (
    <Center py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%" shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="indigo">
            {mobileApp ? (
              <IconDeviceMobileHeart size={32} aria-hidden />
            ) : (
              <IconSparkles size={32} aria-hidden />
            )}
          </ThemeIcon>
          <Text size="sm" fw={600} c="dimmed" tt="uppercase">
            {title}
          </Text>
          <Title order={2}>Coming Soon</Title>
          {mobileApp ? (
            <>
              <Text c="dimmed">
                This part of Resonant is not on the web yet. Please use the Resonant mobile app for
                now: it has your readings, breathing sessions and settings.
              </Text>
              <AppStoreLinks />
            </>
          ) : (
            <Text c="dimmed">We are working on this page. Check back soon.</Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
