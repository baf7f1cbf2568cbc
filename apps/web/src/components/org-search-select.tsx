import { useState, type ReactNode } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ORG_SEARCH_MIN } from '@resonant/contracts/invitations';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../lib/autocomplete.ts';
import { orgSearchTerm, useSearchOrgs } from '../lib/search-orgs.ts';

type OrgSearchSelectProps = {
  /** The chosen organization's id. */
  value: string | null;
  onChange: (orgId: string | null) => void;
  label?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Offer a clear button, for an optional choice. */
  clearable?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
};

/**
 * An organization picked by searching its name (SPEC §5 "Autocomplete", app admin): a search runs
 * 500 ms after the last keystroke once the text has more than 2 characters.
 */
export function OrgSearchSelect({
  value,
  onChange,
  label = 'Organization',
  ...rest
}: OrgSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, AUTOCOMPLETE_DEBOUNCE_MS);
  // The chosen organization keeps its label when a later search no longer returns it.
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const current = chosen && chosen.id === value ? chosen : null;
  // The input shows the choice's name after a pick; that is not a search to run.
  const showsChoice = current !== null && search === current.name;
  const term = showsChoice ? null : orgSearchTerm(debounced);
  const { data, isFetching } = useSearchOrgs(term);

  const options = new Map<string, string>();
  if (current) options.set(current.id, current.name);
  for (const org of term === null ? [] : (data?.list ?? [])) options.set(org.id, org.name);

  const typed = showsChoice ? null : orgSearchTerm(search);
  const searching = typed !== null && (typed !== term || isFetching);
  const nothingFound =
    typed === null
      ? `Type at least ${ORG_SEARCH_MIN} characters to search`
      : searching
        ? 'Searching…'
        : 'No organizations found';

  return (
    <Select
      label={label}
      placeholder={`Search organization (Min ${ORG_SEARCH_MIN} chars)`}
      searchable
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      // The server already matched the name.
      filter={({ options: all }) => all}
      value={value}
      onChange={(id, option) => {
        setChosen(id ? { id, name: option.label } : null);
        onChange(id);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={nothingFound}
      rightSection={
        searching ? <Loader size="xs" aria-label="Searching organizations" /> : undefined
      }
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
