import { Anchor, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDayRange } from '../../../lib/day-format.ts';
import { useBillingStats } from '../api/billing-settings-stats.ts';
import { invoiceDayText, seatsText } from '../billing-settings-display.ts';

interface FigureProps {
  label: string;
  icon: ReactNode;
  /** Null while loading. */
  value: string | null;
  hint: ReactNode;
}

function Figure({ label, icon, value, hint }: FigureProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === null ? (
            <Skeleton h={28} w={160} my={2} />
          ) : (
            <Text fz={{ base: 18, sm: 22 }} fw={700} lh={1.4}>
              {value}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/**
 * The current billing period and its seats so far: what its invoice would count today, from the
 * same seat count invoicing uses (GET /api/org/users_stats).
 */
export function BillingSettingsFigures() {
  const stats = useBillingStats();
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
      <Figure
        label="Seats this period"
        icon={<IconUsers size={20} aria-hidden />}
        value={data ? seatsText(data.seats) : null}
        hint="Members the organization pays for who recorded a reading or session in the period."
      />
      <Figure
        label="Billing period"
        icon={<IconCalendarEvent size={20} aria-hidden />}
        value={data ? formatDayRange(data.billing_from, data.billing_to) : null}
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
