import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDay } from '../../../components/normal-range-series.ts';
import { formatMetric, formatMs } from '../../../lib/hrv-format.ts';
import { STANDINGS } from '../standing.ts';

type HeadlineCardProps = {
  data: MyDashboardResponse;
  onExplain: () => void;
};

/** Today at a glance: the latest morning reading against the normal range, baseline and CV. */
export function HeadlineCard({ data, onExplain }: HeadlineCardProps) {
  const morning = data.latest_morning;
  const { current, method } = data;
  const standing = morning?.standing ? STANDINGS[morning.standing] : null;
  return (
    <SectionCard
      title="Your latest morning"
      actions={
        <Button variant="subtle" size="compact-sm" onClick={onExplain}>
          How is this worked out?
        </Button>
      }
    >
      {morning ? (
        <Stack gap="xs">
          <Group gap="xs" align="baseline">
            <Text fz={{ base: 28, sm: 32 }} fw={700} lh={1.2}>
              {formatMs(morning.rmssd)}
            </Text>
            <Text size="sm" c="dimmed">
              RMSSD on {formatDay(morning.date)}
            </Text>
          </Group>
          {standing ? (
            <>
              <Badge color={standing.colour} variant="light" size="lg" w="fit-content">
                {standing.label}
              </Badge>
              <Text size="sm">
                Your normal range that day was {formatMetric(morning.normal_low)}–
                {formatMs(morning.normal_high)}. {standing.meaning}
              </Text>
            </>
          ) : (
            <Text size="sm">
              Your normal range appears once {method.normal_range_min_days} of the last{' '}
              {method.normal_range_window_days} days have a morning reading.
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm">
          No morning reading yet. Take one right after waking, before getting up, with the Resonant
          app.
        </Text>
      )}
      <Group gap="xl" mt="xs">
        <Figure label="7-day baseline" value={formatMs(current.baseline)} />
        <Figure
          label="Day-to-day variation (CV)"
          value={current.cv_percent === null ? '—' : `${formatMetric(current.cv_percent)} %`}
        />
      </Group>
    </SectionCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
