import { Select } from '@mantine/core';
import type { MyReadingsQuery } from '@resonant/contracts/my-readings';
import type { ReadingKind } from '@resonant/contracts/readings';
import type { Tag } from '@resonant/contracts/tags';
import { DateField } from '../../../components/date-field.tsx';
import { KIND_LABELS } from './reading-drawer.tsx';

/** What the list and the CSV are narrowed by. */
export type Filters = Pick<MyReadingsQuery, 'kind' | 'tag' | 'from' | 'to'>;

const KIND_OPTIONS = [
  { value: 'morning', label: KIND_LABELS.morning },
  { value: 'anytime', label: KIND_LABELS.anytime },
];

interface ReadingsFiltersProps {
  filters: Filters;
  /** The tags on any of the member's readings. */
  tags: readonly Tag[];
  onChange: (changes: Filters) => void;
}

/** The list's filters: kind, tag, and a range of days (each end optional). */
export function ReadingsFilters({ filters, tags, onChange }: ReadingsFiltersProps) {
  const tagOptions = tags.map((tag) => ({ value: tag.id, label: tag.tag_name }));
  return (
    <>
      <Select
        label="Kind"
        placeholder="All kinds"
        clearable
        data={KIND_OPTIONS}
        value={filters.kind ?? null}
        onChange={(value) => onChange({ kind: (value as ReadingKind | null) ?? undefined })}
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label="Tag"
        placeholder="All tags"
        clearable
        searchable
        data={tagOptions}
        value={filters.tag ?? null}
        onChange={(value) => onChange({ tag: value ?? undefined })}
        nothingFoundMessage="No tags on your readings"
        w={{ base: '100%', xs: 200 }}
      />
      <DateField
        label="From"
        placeholder="First day"
        clearable
        valueFormat="YYYY-MM-DD"
        value={filters.from ?? null}
        maxDate={filters.to}
        onChange={(value) => onChange({ from: value ?? undefined })}
        w={{ base: '100%', xs: 160 }}
      />
      <DateField
        label="To"
        placeholder="Last day"
        clearable
        valueFormat="YYYY-MM-DD"
        value={filters.to ?? null}
        minDate={filters.from}
        onChange={(value) => onChange({ to: value ?? undefined })}
        w={{ base: '100%', xs: 160 }}
      />
    </>
  );
}
