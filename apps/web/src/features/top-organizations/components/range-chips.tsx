import { Chip, Group } from '@mantine/core';
import { TOP_ORGS_RANGES, type TopOrgsRange } from '@resonant/contracts/top-organizations';
import { rangeFromSearch } from '../top-orgs-query.ts';

type RangeChipsProps = {
  value: TopOrgsRange;
  onChange: (range: TopOrgsRange) => void;
};

/** SPEC §9 analytics range chips: one range at a time, for the chart and the table alike. */
export function RangeChips({ value, onChange }: RangeChipsProps) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(rangeFromSearch(next))}>
      <Group gap={6} role="radiogroup" aria-label="Range">
        {TOP_ORGS_RANGES.map((range) => (
          <Chip key={range.value} value={range.value} size="sm" variant="outline">
            {range.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
