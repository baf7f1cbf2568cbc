import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconBuilding, IconUsers, IconUserShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACTIVE_USER_DAYS, type UsersStatsResponse } from '@resonant/contracts/org-users';
import { paths } from '../../../config/paths.ts';
import { useUsersStats } from '../api/get-users-stats.ts';
import { formatDayRange } from '../../../lib/day-format.ts';
import { abbreviate, formatCount } from '../../../lib/number-format.ts';

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

/**
 * The current billing period and its seats so far: the count the period's invoice will use
 * (members the organization pays for who were active in it), so the two never disagree.
 */
function BillingPeriodLine({ stats }: { stats: UsersStatsResponse | undefined }) {
  if (!stats) return <Skeleton h={20} w={320} maw="100%" />;
  return (
    <Text size="sm" c="dimmed">
      Billing period:{' '}
      <Text span fw={600} c="bright" style={{ whiteSpace: 'nowrap' }}>
        {formatDayRange(stats.billing_from, stats.billing_to)}
      </Text>
      {' · '}
      Seats so far:{' '}
      <Text span fw={600} c="bright">
        {formatCount(stats.seats)}
      </Text>{' '}
      (members paid for by the organization with a reading or session in the period) ·{' '}
      <Anchor component={Link} to={paths.org.billingHistory} size="sm">
        Billing History
      </Anchor>
    </Text>
  );
}

/** The four stat cards of the users page (SPEC §2; org admins only) and the billing period. */
export function UsersStats() {
  const { data } = useUsersStats();
  return (
    <Stack gap="xs">
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
      <BillingPeriodLine stats={data} />
    </Stack>
  );
}
