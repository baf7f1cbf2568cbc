import { Progress, Text } from '@mantine/core';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { SectionCard } from '../../../components/section-card.tsx';

/** Valid mornings of the last 7 days against the 3 the baseline needs (Plews et al. 2014). */
export function ConsistencyCard({ consistency }: Pick<MyDashboardResponse, 'consistency'>) {
  const { valid_mornings: valid, needed, window_days: days } = consistency;
  const enough = valid >= needed;
  const summary = enough
    ? `${valid} valid mornings this week (${needed} needed)`
    : `${valid} of ${needed} valid mornings this week`;
  return (
    <SectionCard title="Consistency">
      <Text fw={700} size="lg">
        {summary}
      </Text>
      <Progress
        value={Math.min(100, (valid / days) * 100)}
        color={enough ? 'teal' : 'orange'}
        aria-label={`${valid} of the last ${days} days have a valid morning reading`}
      />
      <Text size="sm" c="dimmed">
        {enough
          ? 'Enough for a reliable baseline. A reading every morning keeps it steady.'
          : `Your baseline needs at least ${needed} good morning readings in ${days} days.`}
      </Text>
    </SectionCard>
  );
}
