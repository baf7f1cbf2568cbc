import { useState, type ReactNode } from 'react';
import { Loader, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { USER_SEARCH_MIN, type GroupUser } from '@resonant/contracts/groups';
import { ADMIN_USER_SEARCH_PLACEHOLDER } from '@resonant/contracts/organizations';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../lib/autocomplete.ts';
import { useGroupUsers } from '../api/get-group-users.ts';

interface UserPickerProps {
  label: string;
  value: string[];
  onChange: (userIds: string[]) => void;
  /** Offer the Add Admin candidates of this group (a default list before any search). */
  groupId?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  onBlur?: () => void;
  disabled?: boolean;
  'data-autofocus'?: boolean;
}

function labelOf(user: GroupUser): string {
  return `${user.first_name} ${user.last_name}`;
}

/**
 * A searchable multi-select of org members who may become group admins. With fewer than 3
 * characters it offers the group's default candidate list, or nothing when there is no group.
 */
export function UserPicker({ label, value, onChange, groupId, error, ...rest }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const keyword = debounced.length >= USER_SEARCH_MIN ? debounced : undefined;
  const enabled = Boolean(groupId || keyword);
  const { data, isFetching } = useGroupUsers({ groupId, keyword }, enabled);
  // Chosen users keep their labels when a later search no longer returns them.
  const [chosen, setChosen] = useState<Map<string, GroupUser>>(() => new Map());
  // Closed after each pick, so the list does not cover the dialog's buttons; typing reopens it.
  const [dropdownOpened, setDropdownOpened] = useState(false);

  const results = enabled ? (data?.list ?? []) : [];
  const options = new Map<string, GroupUser>();
  for (const id of value) {
    const user = chosen.get(id);
    if (user) options.set(id, user);
  }
  for (const user of results) options.set(user.user_id, user);

  const handleChange = (ids: string[]) => {
    const next = new Map<string, GroupUser>();
    for (const id of ids) {
      const user = options.get(id);
      if (user) next.set(id, user);
    }
    setChosen(next);
    onChange(ids);
  };

  const typed = search.trim();
  const waiting = typed !== debounced || isFetching;
  const nothingFound =
    !groupId && typed.length < USER_SEARCH_MIN
      ? typed && `Type at least ${USER_SEARCH_MIN} characters to search`
      : waiting
        ? 'Searching…'
        : 'No users found';

  return (
    <MultiSelect
      label={label}
      placeholder={ADMIN_USER_SEARCH_PLACEHOLDER}
      searchable
      hidePickedOptions
      data={[...options.values()].map((user) => ({ value: user.user_id, label: labelOf(user) }))}
      // The chosen pills show the name; the options add the email, which tells namesakes apart.
      renderOption={({ option }) => {
        const user = options.get(option.value);
        return (
          <div style={{ minWidth: 0 }}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user?.email}
            </Text>
          </div>
        );
      }}
      // The server already matched first name, last name and email.
      filter={({ options: all }) => all}
      value={value}
      onChange={handleChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={nothingFound || undefined}
      dropdownOpened={dropdownOpened}
      onDropdownOpen={() => setDropdownOpened(true)}
      onDropdownClose={() => setDropdownOpened(false)}
      onOptionSubmit={() => setDropdownOpened(false)}
      rightSection={isFetching ? <Loader size="xs" aria-label="Searching users" /> : undefined}
      comboboxProps={{ withinPortal: true }}
      error={error}
      {...rest}
    />
  );
}
