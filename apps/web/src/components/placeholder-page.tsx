import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';

interface PlaceholderPageProps {
  title: string;
}

/** Stands in for a screen that a later release builds, so every route already leads somewhere. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <Center py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%" shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHourglassHigh size={32} aria-hidden />
          </ThemeIcon>
          <Badge variant="light" color="indigo">
            In progress
          </Badge>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{title} — this page is coming in a later release.</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
