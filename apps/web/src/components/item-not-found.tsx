import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

interface BackToListProps {
  to: string;
  /** 'Back to Groups'. */
  label: string;
}

/** Above one item's page: the way back to the list it was opened from. */
export function BackToList({ to, label }: BackToListProps) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

interface ItemNotFoundProps {
  back: BackToListProps;
  /** The server's not-found message as the heading. */
  title: string;
  /** What happened and what to do. */
  children: ReactNode;
}

/** One item's page opened with an id that names nothing (deleted, or a stale link). */
export function ItemNotFound({ back, title, children }: ItemNotFoundProps) {
  return (
    <Stack gap="md">
      <BackToList {...back} />
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
