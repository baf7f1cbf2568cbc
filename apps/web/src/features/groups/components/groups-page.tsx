import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { GroupSummary } from '@resonant/contracts/groups';
import { ListPage } from '../../../components/list-page.tsx';
import { RowAction } from '../../../components/row-actions.tsx';
import { useInPlaceSearch } from '../../../components/use-list-search.ts';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths } from '../../../config/paths.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import { useGroups } from '../api/get-groups.ts';
import { AddGroupDialog } from './add-group-dialog.tsx';
import { DeleteGroupDialog } from './delete-group-dialog.tsx';
import { groupColumns } from './group-columns.tsx';

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
  const paging = useTablePaging(GROUPS_PAGE_SIZES);
  const search = useInPlaceSearch(paging.resetPage);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<GroupSummary | null>(null);

  const groups = data?.list ?? [];
  const rows = groups.filter((group) => matches(group, search.term));

  const openGroup = (group: GroupSummary) => {
    if (switchContext.isPending) return;
    switchContext.mutate({
      currentOrgId: group.org_id,
      currentGroupId: group.id,
      currentUserType: 'group',
    });
  };
  const actions = (group: GroupSummary) => (
    <>
      <RowAction
        label={`Edit ${group.name}`}
        tooltip="Edit"
        icon={IconPencil}
        onClick={() => navigate(manageGroupPath(group.id))}
      />
      <RowAction
        label={`Delete ${group.name}`}
        tooltip="Delete"
        icon={IconTrash}
        color="red"
        disabled={group.is_default}
        onClick={() => setToDelete(group)}
      />
    </>
  );

  return (
    <ListPage
      title="Groups of the organization"
      description="Select a group to switch into it. Everyone is in the Default group, which cannot be renamed or deleted."
      search={{ label: 'Search groups', placeholder: 'Search', ...search.box }}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          Add Group
        </Button>
      }
      table={{
        label: 'Groups',
        columns: groupColumns(actions),
        rows,
        rowKey: (group) => group.id,
        loading: isPending || switchContext.isPending,
        emptyText:
          groups.length > 0 ? 'No groups match your search' : 'No groups yet. Add the first one.',
        onRowClick: openGroup,
        minWidth: 300,
        paging: paging.tableProps(rows.length),
        pageInPlace: true,
      }}
    >
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
    </ListPage>
  );
}
