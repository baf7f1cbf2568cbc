import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';

type NotEnoughDataProps = Pick<MyDashboardResponse, 'consistency' | 'has_readings'> & {
  onExplain: () => void;
};

/** Before there is a baseline: why, and what to do to get one. */
export function NotEnoughData({ consistency, has_readings, onExplain }: NotEnoughDataProps) {
  const { valid_mornings: valid, needed, window_days: days } = consistency;
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={has_readings ? 'Not enough data yet' : 'No readings yet'}
    >
      <Stack gap="xs">
        <Text size="sm">
          Your baseline needs at least {needed} good morning readings within {days} days; you have{' '}
          {valid} of {needed} this week.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Take a reading every morning right after waking, before getting up.</List.Item>
          <List.Item>Lie or sit still and breathe normally for the whole reading.</List.Item>
          <List.Item>Use the Resonant app with your chest strap or sensor.</List.Item>
        </List>
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={onExplain}>
          How is this worked out?
        </Button>
      </Stack>
    </Alert>
  );
}
