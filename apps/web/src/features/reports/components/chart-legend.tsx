import { useState } from 'react';
import { Box, Group, UnstyledButton } from '@mantine/core';
import type { LegendItem } from '../history-chart-option.ts';

/** The series a chart's legend has hidden, and the toggle its buttons call. */
export function useHiddenSeries() {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { hidden, toggle };
}

type LegendProps = {
  title: string;
  items: readonly LegendItem[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** The chart's legend as buttons: each shows or hides its series (aria-pressed while shown). */
export function Legend({ title, items, hidden, onToggle }: LegendProps) {
  return (
    <Group gap={6} role="group" aria-label={`${title} legend`}>
      {items.map((item) => {
        const shown = !hidden.has(item.id);
        return (
          <UnstyledButton
            key={item.id}
            aria-pressed={shown}
            onClick={() => onToggle(item.id)}
            px={8}
            py={4}
            style={{
              borderRadius: 6,
              border: '1px solid var(--mantine-color-gray-3)',
              opacity: shown ? 1 : 0.45,
              fontSize: 'var(--mantine-font-size-xs)',
            }}
          >
            <Group gap={6} wrap="nowrap">
              <LegendSwatch item={item} />
              <span style={{ textDecoration: shown ? undefined : 'line-through' }}>
                {item.label}
              </span>
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

function LegendSwatch({ item }: { item: LegendItem }) {
  if (item.band) {
    return (
      <Box
        aria-hidden
        w={18}
        h={10}
        style={{ background: item.colour, opacity: 0.3, borderRadius: 2, flexShrink: 0 }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      w={18}
      style={{ borderTop: `2px ${item.lineType} ${item.colour}`, flexShrink: 0 }}
    />
  );
}
