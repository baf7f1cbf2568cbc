import { useState } from 'react';
import {
  Button,
  Group,
  isOptionsGroup,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Title,
  type ComboboxParsedItem,
} from '@mantine/core';
import {
  REPORTS_MAX_USERS,
  REPORTS_MAX_USERS_MESSAGE,
  REPORT_TAGS_MAX,
} from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { useReportMembers } from '../api/get-report-members.ts';
import { useTags } from '../api/get-tags.ts';
import { memberName, pickUsers } from '../report-selection.ts';

type ReportsSearchProps = {
  /** What Apply committed (the URL's). */
  appliedUserIds: readonly string[];
  appliedTagIds: readonly string[];
  onApply: (userIds: string[], tagIds: string[]) => void;
};

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * 'Reports Search' (SPEC §2): the users to report on (at most 5; a sixth is refused with the
 * message under the field), the exercise tags, and Apply, which commits both.
 */
export function ReportsSearch({ appliedUserIds, appliedTagIds, onApply }: ReportsSearchProps) {
  const members = useReportMembers();
  const tags = useTags();
  const [userIds, setUserIds] = useState<string[]>([...appliedUserIds]);
  const [tagIds, setTagIds] = useState<string[]>([...appliedTagIds]);
  const [refused, setRefused] = useState(false);

  const memberList = members.data?.list ?? [];
  const userOptions = memberList.map((member) => ({
    value: member.user_id,
    label: memberName(member) || member.email,
  }));
  const emailOf = new Map(memberList.map((member) => [member.user_id, member.email]));
  // Namesakes are told apart by email, so the search matches it as well as the name.
  const matchUsers = ({ options, search }: { options: ComboboxParsedItem[]; search: string }) => {
    const needle = search.trim().toLowerCase();
    return options.filter(
      (option) =>
        isOptionsGroup(option) ||
        option.label.toLowerCase().includes(needle) ||
        (emailOf.get(option.value)?.toLowerCase().includes(needle) ?? false),
    );
  };
  const tagOptions = (tags.data?.list ?? []).map((tag) => ({ value: tag.id, label: tag.tag_name }));
  const changed = !sameIds(userIds, appliedUserIds) || !sameIds(tagIds, appliedTagIds);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label="Reports Search"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Reports Search
        </Title>
        {members.isError ? (
          <LoadError
            what="Members"
            onRetry={() => void members.refetch()}
            retrying={members.isFetching}
          />
        ) : (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <MultiSelect
              label="Users"
              description={`Up to ${REPORTS_MAX_USERS} users`}
              placeholder={userIds.length === 0 ? 'Search users' : undefined}
              data={userOptions}
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
              value={userIds}
              onChange={(next) => {
                const picked = pickUsers(userIds, next);
                setUserIds(picked.userIds);
                setRefused(picked.refused);
              }}
              error={refused ? REPORTS_MAX_USERS_MESSAGE : undefined}
              searchable
              clearable
              nothingFoundMessage={members.isPending ? 'Loading…' : 'No users found'}
              hidePickedOptions
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '2 1 300px' }}
            />
            <MultiSelect
              label="Exercise tags"
              description="Only recordings with one of these tags"
              placeholder={tagIds.length === 0 ? 'All tags' : undefined}
              data={tagOptions}
              value={tagIds}
              onChange={setTagIds}
              maxValues={REPORT_TAGS_MAX}
              searchable
              clearable
              nothingFoundMessage={tags.isPending ? 'Loading…' : 'No tags found'}
              hidePickedOptions
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '1 1 260px' }}
            />
            <Button
              style={{ alignSelf: 'flex-end' }}
              onClick={() => {
                setRefused(false);
                onApply(userIds, tagIds);
              }}
              disabled={userIds.length === 0 || !changed}
            >
              Apply
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
