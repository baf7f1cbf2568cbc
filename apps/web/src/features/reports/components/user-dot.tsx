import { Box } from '@mantine/core';

/** The colour a report gives one user, as a dot beside their name. */
export function UserDot({ colour, size }: { colour: string; size: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{ borderRadius: '50%', background: colour, flexShrink: 0 }}
    />
  );
}
