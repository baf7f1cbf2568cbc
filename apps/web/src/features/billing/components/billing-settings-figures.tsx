import { Anchor, SimpleGrid } from '@mantine/core';
import { IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatBillingPeriod } from '@resonant/contracts/billing';
import { LoadError } from '../../../components/load-error.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { paths } from '../../../config/paths.ts';
import { useUsersStats } from '../../../lib/users-stats.ts';
import { invoiceDayText, seatsText } from '../billing-settings-display.ts';

/**
 * The current billing period and its seats so far: what its invoice would count today, from the
 * same seat count invoicing uses (GET /api/org/users_stats, shared with the users page).
 */
export function BillingSettingsFigures() {
  const stats = useUsersStats();
  if (stats.isError) {
    return (
      <LoadError
        what="The billing period"
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const data = stats.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'sm', md: 'md' }}>
      <StatCard
        label="Seats this period"
        icon={IconUsers}
        value={data ? seatsText(data.seats) : null}
        words
        hint="Members the organization pays for who recorded a reading or session in the period."
      />
      <StatCard
        label="Billing period"
        icon={IconCalendarEvent}
        value={data ? formatBillingPeriod(data.billing_from, data.billing_to) : null}
        words
        hint={
          <>
            {data ? invoiceDayText(data.billing_to) : 'Its invoice is charged to the default card.'}{' '}
            <Anchor component={Link} to={paths.org.billingHistory} size="xs">
              Billing History
            </Anchor>
          </>
        }
      />
    </SimpleGrid>
  );
}
