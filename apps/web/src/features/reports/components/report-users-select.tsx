import { isOptionsGroup, Text, type ComboboxParsedItem } from '@mantine/core';
import type { OrgMember } from '@resonant/contracts/org-users';
import { REPORTS_MAX_USERS, REPORTS_MAX_USERS_MESSAGE } from '@resonant/contracts/reports';
import { memberName, pickUsers } from '../report-selection.ts';
import { SearchMultiSelect } from '../../../components/search-multi-select.tsx';

interface ReportUsersSelectProps {
  members: readonly OrgMember[];
  loading: boolean;
  value: string[];
  /** A user past the limit was refused: the field says so. */
  refused: boolean;
  onChange: (picked: ReturnType<typeof pickUsers>) => void;
}

/** Reports Search's Users: at most five, found by name or email, namesakes told apart by email. */
export function ReportUsersSelect({
  members,
  loading,
  value,
  refused,
  onChange,
}: ReportUsersSelectProps) {
  const options = members.map((member) => ({
    value: member.user_id,
    label: memberName(member) || member.email,
  }));
  const emailOf = new Map(members.map((member) => [member.user_id, member.email]));
  const matchUsers = ({ options, search }: { options: ComboboxParsedItem[]; search: string }) => {
    const needle = search.trim().toLowerCase();
    return options.filter(
      (option) =>
        isOptionsGroup(option) ||
        option.label.toLowerCase().includes(needle) ||
        (emailOf.get(option.value)?.toLowerCase().includes(needle) ?? false),
    );
  };
  return (
    <SearchMultiSelect
      label="Users"
      description={`Up to ${REPORTS_MAX_USERS} users`}
      placeholder={value.length === 0 ? 'Search users' : undefined}
      data={options}
      // The chosen pills show the name; the options add the email.
      renderOption={({ option }) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {emailOf.get(option.value)}
          </Text>
        </div>
      )}
      filter={matchUsers}
      value={value}
      onChange={(next) => onChange(pickUsers(value, next))}
      error={refused ? REPORTS_MAX_USERS_MESSAGE : undefined}
      nothingFoundMessage={loading ? 'Loading…' : 'No users found'}
      style={{ flex: '2 1 300px' }}
    />
  );
}
