import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';

interface SignInMethodRowProps {
  name: string;
  icon: ReactNode;
  /** What it is now: linked as whom and since when, set or not. */
  detail: ReactNode;
  /** Link, Unlink or a status badge. */
  action: ReactNode;
  /** Why the action is not available, under the detail. */
  note?: ReactNode;
}

/** One way to sign in, in the Sign-in methods dialog. */
export function SignInMethodRow({ name, icon, detail, action, note }: SignInMethodRowProps) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Group w={24} h={24} justify="center" style={{ flexShrink: 0 }}>
            {icon}
          </Group>
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
            {note}
          </div>
        </Group>
        <div style={{ flexShrink: 0 }}>{action}</div>
      </Group>
    </Paper>
  );
}
