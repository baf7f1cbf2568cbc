import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/** A searchable choice of several, the chosen ones as pills and out of the list. */
export function SearchMultiSelect(props: MultiSelectProps) {
  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
