import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { BackLink, type BackLinkProps } from './back-link.tsx';

interface ItemNotFoundProps {
  back: BackLinkProps;
  /** The server's not-found message as the heading. */
  title: string;
  /** What happened and what to do. */
  children: ReactNode;
}

/** One item's page opened with an id that names nothing (deleted, or a stale link). */
export function ItemNotFound({ back, title, children }: ItemNotFoundProps) {
  return (
    <Stack gap="md">
      <BackLink {...back} />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" mt="xs">
          {children}
        </Text>
      </Paper>
    </Stack>
  );
}
