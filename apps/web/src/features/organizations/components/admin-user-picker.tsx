import { useState } from 'react';
import {
  Badge,
  Group,
  Loader,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  ADMIN_USER_SEARCH_MIN,
  ADMIN_USER_SEARCH_PLACEHOLDER,
} from '@resonant/contracts/organizations';
import { useOrgMembers } from '../api/get-org-members.ts';
import { useSearchUsers } from '../api/search-users.ts';
import {
  adminSearchTerm,
  candidatesFromMembers,
  candidatesFromSearch,
  type AdminCandidate,
  type AdminSearchScope,
} from '../admin-candidates.ts';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../lib/autocomplete.ts';

/** The longest list shown at once; typing narrows a larger one. */
const SHOWN_MAX = 100;
// The list takes what the dialog leaves (a phone shows it full screen), 200–360 px.
const LIST_HEIGHT = 'clamp(200px, calc(100dvh - 340px), 360px)';

const SCOPES: { value: AdminSearchScope; label: string }[] = [
  { value: 'org', label: 'This organization' },
  { value: 'all', label: 'All organizations' },
];

interface AdminUserPickerProps {
  orgId: string;
  orgName: string;
  /** The organization's admins, never offered again. */
  adminIds: ReadonlySet<string>;
  value: AdminCandidate | null;
  onChange: (candidate: AdminCandidate) => void;
}

function CandidateCard({ candidate }: { candidate: AdminCandidate }) {
  return (
    <Radio.Card value={candidate.userId} radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {candidate.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {candidate.email}
          </Text>
          <Group gap={6} mt={2} wrap="wrap">
            <Text size="xs">{candidate.organization}</Text>
            {candidate.external && (
              <Badge size="xs" variant="light" color="orange" tt="none">
                Will be added as external admin
              </Badge>
            )}
          </Group>
        </div>
      </Group>
    </Radio.Card>
  );
}

/**
 * The user search of Add Admin (SPEC §5): 'This organization' lists its members until 3
 * characters are typed, then searches them; 'All organizations' searches every account from 3
 * characters and is empty before. Searches wait 500 ms after the last keystroke. Admins already
 * are left out; someone from elsewhere is marked as becoming an external admin.
 */
export function AdminUserPicker({
  orgId,
  orgName,
  adminIds,
  value,
  onChange,
}: AdminUserPickerProps) {
  const [scope, setScope] = useState<AdminSearchScope>('org');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, AUTOCOMPLETE_DEBOUNCE_MS);
  const term = adminSearchTerm(debounced);
  const members = useOrgMembers(orgId, scope === 'org' && term === null);
  const found = useSearchUsers(term, scope === 'org' ? orgId : null);

  let candidates: AdminCandidate[] = [];
  if (term !== null) {
    candidates = candidatesFromSearch(found.data?.list ?? [], orgId, orgName, adminIds);
  } else if (scope === 'org') {
    candidates = candidatesFromMembers(members.data?.list ?? [], orgName, adminIds);
  }
  const shown = candidates.slice(0, SHOWN_MAX);

  const typed = adminSearchTerm(search);
  const waiting =
    typed !== term ||
    (term !== null && found.isFetching) ||
    (term === null && scope === 'org' && members.isPending);
  let emptyText: string;
  if (waiting) emptyText = 'Searching…';
  else if (term !== null) emptyText = 'No users found';
  else if (scope === 'all') {
    emptyText = `Type at least ${ADMIN_USER_SEARCH_MIN} characters to search all organizations`;
  } else {
    emptyText = 'Every member is an admin already. Search all organizations for someone else.';
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Search in"
        data={SCOPES}
        value={scope}
        onChange={(next) => setScope(next as AdminSearchScope)}
        fullWidth
      />
      <TextInput
        label="Search users"
        placeholder={ADMIN_USER_SEARCH_PLACEHOLDER}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={waiting ? <Loader size="xs" aria-label="Searching users" /> : undefined}
        maxLength={100}
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <Radio.Group
        label="Users"
        value={value?.userId ?? null}
        onChange={(userId) => {
          const candidate = candidates.find((one) => one.userId === userId);
          if (candidate) onChange(candidate);
        }}
      >
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm" aria-live="polite">
            {emptyText}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" offsetScrollbars mt={4}>
            <Stack gap={6}>
              {shown.map((candidate) => (
                <CandidateCard key={candidate.userId} candidate={candidate} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Radio.Group>
      {candidates.length > SHOWN_MAX && (
        <Text size="xs" c="dimmed">
          Showing {SHOWN_MAX} of {candidates.length}. Type to narrow the list.
        </Text>
      )}
    </Stack>
  );
}
