import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { OrganizationSummary } from '@resonant/contracts/organizations';
import { ListPage } from '../../../components/list-page.tsx';
import { RowAction } from '../../../components/row-actions.tsx';
import { useInPlaceSearch } from '../../../components/use-list-search.ts';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { organizationPath } from '../../../config/paths.ts';
import { useOrganizations } from '../api/get-organizations.ts';
import { AddOrganizationDialog } from './add-organization-dialog.tsx';
import { DeleteOrganizationDialog } from './delete-organization-dialog.tsx';
import { organizationColumns } from './organization-columns.tsx';
import { UpdateDemoOrgButton } from './update-demo-org-button.tsx';

const ORGANIZATIONS_PAGE_SIZES = [10, 25, 50, 100] as const;
const GROW_ON_PHONE = { base: '1 1 auto', sm: 'none' };

function matches(org: OrganizationSummary, search: string): boolean {
  const term = search.trim().toLowerCase();
  return org.name.toLowerCase().includes(term) || org.unique_name.toLowerCase().includes(term);
}

/**
 * /admin/organizations (SPEC §2): every organization, newest first, searched, sorted and paged in
 * place; a row opens the organization's page. Add Organization, Update Demo Org Data, and delete
 * with a confirmation that names what goes.
 */
export function OrganizationsPage() {
  const navigate = useNavigate();
  const organizations = useOrganizations();
  const paging = useTablePaging(ORGANIZATIONS_PAGE_SIZES);
  const search = useInPlaceSearch(paging.resetPage);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<OrganizationSummary | null>(null);

  const all = organizations.data?.list ?? [];
  const rows = all.filter((org) => matches(org, search.term));
  const open = (org: OrganizationSummary) => navigate(organizationPath(org.id));
  const actions = (org: OrganizationSummary) => (
    <>
      <RowAction
        label={`Edit ${org.name}`}
        tooltip="Edit"
        icon={IconPencil}
        onClick={() => open(org)}
      />
      <RowAction
        label={`Delete ${org.name}`}
        tooltip="Delete"
        icon={IconTrash}
        color="red"
        onClick={() => setToDelete(org)}
      />
    </>
  );

  return (
    <ListPage
      title="All organizations"
      description="Newest first. Select an organization to rename it or manage its admins."
      search={{ label: 'Search organizations', placeholder: 'Search by name', ...search.box }}
      actions={
        // On a phone the two buttons take a line each, full width.
        <Group gap="sm" align="flex-start" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <UpdateDemoOrgButton flex={GROW_ON_PHONE} />
          <Button
            flex={GROW_ON_PHONE}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add Organization
          </Button>
        </Group>
      }
      failure={{ what: 'Organizations', query: organizations }}
      table={{
        label: 'Organizations',
        columns: organizationColumns(actions),
        rows,
        rowKey: (org) => org.id,
        loading: organizations.isPending,
        emptyText:
          all.length > 0
            ? 'No organizations match your search'
            : 'No organizations yet. Add the first one.',
        onRowClick: open,
        minWidth: 640,
        paging: paging.tableProps(rows.length),
        pageInPlace: true,
      }}
    >
      <AddOrganizationDialog opened={adding} onClose={() => setAdding(false)} />
      <DeleteOrganizationDialog organization={toDelete} onClose={() => setToDelete(null)} />
    </ListPage>
  );
}
