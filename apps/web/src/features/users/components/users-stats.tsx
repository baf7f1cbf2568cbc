import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconBuilding, IconUsers, IconUserShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { ACTIVE_USER_DAYS, type UsersStatsResponse } from '@resonant/contracts/org-users';
import { useUsersStats } from '../api/get-users-stats.ts';
import { abbreviate } from '../../../lib/number-format.ts';

const CARDS: { key: keyof UsersStatsResponse; label: string; hint: string; icon: Icon }[] = [
  {
    key: 'total_active_users',
    label: 'Active Users',
    hint: `A reading or session in the last ${ACTIVE_USER_DAYS} days`,
    icon: IconActivity,
  },
  {
    key: 'total_internal_users',
    label: 'Internal Users',
    hint: 'Paid for by the organization',
    icon: IconBuilding,
  },
  {
    key: 'total_external_users',
    label: 'External Users',
    hint: 'Paying for themselves',
    icon: IconUserShare,
  },
  { key: 'total', label: 'Total Users', hint: 'Everyone in the organization', icon: IconUsers },
];

/** The four stat cards of the users page (SPEC §2; org admins only). */
export function UsersStats() {
  const { data } = useUsersStats();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', md: 'md' }}>
      {CARDS.map((card) => {
        const value = data?.[card.key];
        return (
          <Paper key={card.key} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed" fw={600}>
                  {card.label}
                </Text>
                {typeof value === 'number' ? (
                  <Text
                    fz={{ base: 24, sm: 28 }}
                    fw={700}
                    lh={1.3}
                    aria-label={`${card.label}: ${value}`}
                  >
                    {abbreviate(value)}
                  </Text>
                ) : (
                  <Skeleton h={32} w={56} mt={4} />
                )}
                <Text size="xs" c="dimmed" visibleFrom="sm">
                  {card.hint}
                </Text>
              </div>
              <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs">
                <card.icon size={20} aria-hidden />
              </ThemeIcon>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
