import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';

type TrendArrowProps = {
  /** SPEC §3 Trending: latest above the last-week average; null when either is missing. */
  trending: boolean | null;
};

const TRENDS = {
  up: { label: 'Trending up', color: 'teal', Icon: IconArrowUpRight },
  down: { label: 'Trending down', color: 'red', Icon: IconArrowDownRight },
  unknown: { label: 'No trend yet', color: 'gray', Icon: IconMinus },
} as const;

/** Up when trending, down when not, a neutral dash when unknown; named for screen readers. */
export function TrendArrow({ trending }: TrendArrowProps) {
  const trend = TRENDS[trending === null ? 'unknown' : trending ? 'up' : 'down'];
  return (
    <Tooltip label={trend.label} withArrow openDelay={300}>
      <ThemeIcon
        variant="light"
        color={trend.color}
        radius="xl"
        size="md"
        role="img"
        aria-label={trend.label}
      >
        <trend.Icon size={18} stroke={2} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
