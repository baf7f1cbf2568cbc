import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LIST_SEARCH_MAX } from '@resonant/contracts/fields';

export interface TableSearchProps {
  /** The accessible name, e.g. 'Search users'. */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a table; it stops at the length a list's search accepts. */
export function TableSearch({
  label,
  placeholder = 'Search by name or email',
  value,
  onChange,
}: TableSearchProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      maxLength={LIST_SEARCH_MAX}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '1 1 220px', maxWidth: 360 }}
    />
  );
}
