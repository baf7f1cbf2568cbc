import { useId } from 'react';
import { Group, Text } from '@mantine/core';

interface LogoMarkProps {
  size?: number;
}

/** The heart-wave mark: a heart carrying one beat of a pulse trace. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  // Each instance needs its own gradient id: two logos on a page must not share one.
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#14b8a6" />
          <stop offset="100%" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <path
        fill={`url(#${gradientId})`}
        d="M12 21.2s-7.6-4.6-9.7-9.4C.8 8.4 2.7 4.4 6.5 4c2.2-.2 4 .9 5.5 2.9C13.5 4.9 15.3 3.8 17.5 4c3.8.4 5.7 4.4 4.2 7.8-2.1 4.8-9.7 9.4-9.7 9.4z"
      />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4.2 12h3.3l1.4-2.6 2.2 5.2 1.9-4.2 1.3 1.6h5.5"
      />
    </svg>
  );
}

interface LogoProps {
  size?: number;
  /** Hide the word mark on narrow screens, keeping only the heart. */
  compact?: boolean;
  color?: string;
}

/** Product name with its mark; the name is real text so it reads as "Resonant". */
export function Logo({ size = 32, compact = false, color }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.62}
        c={color}
        visibleFrom={compact ? 'sm' : undefined}
        style={{ letterSpacing: '-0.01em' }}
      >
        Resonant
      </Text>
    </Group>
  );
}
