import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card around a table. A title names the section for screen readers; the optional description
 * says what the figures are and what a row click does.
 */
export function TableSection({
  title,
  description,
  titleAside,
  children,
}: {
  title?: string;
  description?: string;
  /** Shown beside the title, e.g. a spinner while a row click is being acted on. */
  titleAside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="sm">
        {title && (
          <div>
            <Group gap="xs">
              <Title order={2} size="h4">
                {title}
              </Title>
              {titleAside}
            </Group>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
