import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartRateMonitor } from '@tabler/icons-react';

interface NoReadingsProps {
  /** Whose readings are missing: 'organization' or 'group'. */
  scope: 'organization' | 'group';
}

/** The dashboard's empty state (SPEC §2 'No Readings') in place of cards and tables of dashes. */
export function NoReadings({ scope }: NoReadingsProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} component="section">
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHeartRateMonitor size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          No Readings
        </Title>
        <Text c="dimmed" maw={440}>
          Nobody in this {scope} has taken a reading yet. The averages and trends appear here once
          members take readings with the Resonant app.
        </Text>
      </Stack>
    </Paper>
  );
}
