import type { ReactNode } from 'react';
import {
  Group,
  Paper,
  Skeleton,
  Text,
  ThemeIcon,
  VisuallyHidden,
  type MantineBreakpoint,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface StatCardProps {
  label: string;
  /** The figure as shown; null while it loads (a skeleton holds its place). */
  value: string | null;
  /** The figure's unit beside it ('ms'). */
  unit?: string;
  /** The figure in full for screen readers, when `value` is abbreviated ("1.3K"). */
  fullValue?: string;
  hint: ReactNode;
  /** The hint only from this breakpoint up (small cards side by side on a phone). */
  hintFrom?: MantineBreakpoint;
  icon?: Icon;
  /** A figure in words (a period of dates) is set smaller than a number, so it fits its card. */
  words?: boolean;
}

/**
 * One figure in a card: its label, the value (with its unit), a hint of what it counts, and an
 * icon. A group named by its label, so the figure is found and read with its name.
 */
export function StatCard({
  label,
  value,
  unit,
  fullValue,
  hint,
  hintFrom,
  icon: CardIcon,
  words = false,
}: StatCardProps) {
  let figure;
  if (value === null) {
    // As tall as the figure's line (font size × line height 1.3), so nothing moves when it comes.
    figure = words ? (
      <Skeleton h={28} w={160} my={4} />
    ) : (
      <Skeleton h={{ base: 31.2, sm: 36.4 }} w={56} mt={4} />
    );
  } else {
    figure = (
      <Group gap={4} align="baseline" wrap="nowrap" mt={4}>
        <Text
          fz={words ? { base: 18, sm: 22 } : { base: 24, sm: 28 }}
          fw={700}
          lh={1.3}
          data-testid="metric-value"
          aria-hidden={fullValue ? true : undefined}
        >
          {value}
        </Text>
        {fullValue && <VisuallyHidden>{fullValue}</VisuallyHidden>}
        {unit && (
          <Text size="sm" c="dimmed" fw={600}>
            {unit}
          </Text>
        )}
      </Group>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      role="group"
      aria-label={label}
      miw={0}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600} lh={1.3}>
            {label}
          </Text>
          {figure}
          <Text size="xs" c="dimmed" mt={4} lh={1.35} visibleFrom={hintFrom}>
            {hint}
          </Text>
        </div>
        {CardIcon && (
          <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs">
            <CardIcon size={20} aria-hidden />
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
