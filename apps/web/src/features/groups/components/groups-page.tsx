import { useDeferredValue, useState } from 'react';
import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { GroupSummary } from '@resonant/contracts/groups';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths } from '../../../config/paths.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import { useGroups } from '../api/get-groups.ts';
import { AddGroupDialog } from './add-group-dialog.tsx';
import { DeleteGroupDialog } from './delete-group-dialog.tsx';

const GROUPS_PAGE_SIZES = [10, 25, 50] as const;

/** Where a group is managed; the id travels in the URL so a reload finds it again. */
function manageGroupPath(groupId: string): string {
  return `${paths.org.manageGroup}?${new URLSearchParams({ groupId }).toString()}`;
}

function matches(group: GroupSummary, search: string): boolean {
  return group.name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * /org/groups: the org's groups in a titled card, Default first with its Delete disabled
 * (SPEC §2; decision 0022); a row click switches into the group.
 */
export function GroupsPage() {
  const navigate = useNavigate();
  const { data, isPending } = useGroups();
  const switchContext = useSwitchContext();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const paging = useTablePaging(GROUPS_PAGE_SIZES);
  const searchFor = (text: string) => {
    setSearch(text);
    paging.resetPage();
  };
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<GroupSummary | null>(null);

  const groups = data?.list ?? [];
  const rows = groups.filter((group) => matches(group, deferredSearch));

  const openGroup = (group: GroupSummary) => {
    if (switchContext.isPending) return;
    switchContext.mutate({
      currentOrgId: group.org_id,
      currentGroupId: group.id,
      currentUserType: 'group',
    });
  };

  const columns: DataColumn<GroupSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortValue: (group) => group.name,
      render: (group) => (
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {group.name}
        </Text>
      ),
    },
    {
      key: 'users',
      header: 'Users',
      numeric: true,
      width: 96,
      sortValue: (group) => group.members,
      render: (group) => group.members,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 104,
      pinned: true,
      render: (group) => (
        // The row itself switches into the group: the buttons must not pass their click on.
        <Group
          gap={4}
          justify="flex-end"
          wrap="nowrap"
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${group.name}`}
              onClick={() => navigate(manageGroupPath(group.id))}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${group.name}`}
              disabled={group.is_default}
              onClick={() => setToDelete(group)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <TableSection
      title="Groups of the organization"
      description="Select a group to switch into it. Everyone is in the Default group, which cannot be renamed or deleted."
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TableSearch
          label="Search groups"
          placeholder="Search"
          value={search}
          onChange={searchFor}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          Add Group
        </Button>
      </Group>

      <DataTable
        label="Groups"
        columns={columns}
        rows={rows}
        rowKey={(group) => group.id}
        loading={isPending || switchContext.isPending}
        emptyText={
          groups.length > 0 ? 'No groups match your search' : 'No groups yet. Add the first one.'
        }
        onRowClick={openGroup}
        minWidth={300}
        paging={paging.tableProps(rows.length)}
        pageInPlace
      />

      <AddGroupDialog
        opened={adding}
        onClose={() => setAdding(false)}
        existingNames={groups.map((group) => group.name)}
      />
      <DeleteGroupDialog
        groupId={toDelete?.id ?? null}
        onClose={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </TableSection>
  );
}
