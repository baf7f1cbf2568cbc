import { Anchor, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconActivity, IconBuilding, IconUsers, IconUserShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatBillingPeriod } from '@resonant/contracts/billing';
import { ACTIVE_USER_DAYS, type UsersStatsResponse } from '@resonant/contracts/org-users';
import { StatCard } from '../../../components/stat-card.tsx';
import { paths } from '../../../config/paths.ts';
import { abbreviate, formatCount } from '../../../lib/number-format.ts';
import { useUsersStats } from '../../../lib/users-stats.ts';

type CountKey = 'total_active_users' | 'total_internal_users' | 'total_external_users' | 'total';

const CARDS: { key: CountKey; label: string; hint: string; icon: Icon }[] = [
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
        {formatBillingPeriod(stats.billing_from, stats.billing_to)}
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
          const shown = value === undefined ? null : abbreviate(value);
          return (
            <StatCard
              key={card.key}
              label={card.label}
              value={shown}
              // "1.3K" is read out in full.
              fullValue={value !== undefined && shown !== String(value) ? String(value) : undefined}
              hint={card.hint}
              hintFrom="sm"
              icon={card.icon}
            />
          );
        })}
      </SimpleGrid>
      <BillingPeriodLine stats={data} />
    </Stack>
  );
}
