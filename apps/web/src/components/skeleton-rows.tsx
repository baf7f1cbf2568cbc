import { Skeleton, Stack } from '@mantine/core';

/** Two rows' places in a list while it loads, hidden from screen readers. */
export function SkeletonRows({ height }: { height: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton h={height} radius="md" />
      <Skeleton h={height} radius="md" />
    </Stack>
  );
}
