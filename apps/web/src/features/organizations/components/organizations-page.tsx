import { useDeferredValue, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { OrganizationSummary } from '@resonant/contracts/organizations';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSearch } from '../../../components/table-search.tsx';
import { TableSection } from '../../../components/table-section.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { organizationPath } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/hrv-format.ts';
import { formatCount } from '../../../lib/number-format.ts';
import { useOrganizations } from '../api/get-organizations.ts';
import { AddOrganizationDialog } from './add-organization-dialog.tsx';
import { DeleteOrganizationDialog } from './delete-organization-dialog.tsx';
import { UpdateDemoOrgButton } from './update-demo-org-button.tsx';

const ORGANIZATIONS_PAGE_SIZES = [10, 25, 50, 100] as const;
// Cells keep to one line: on a phone the table scrolls sideways instead of stacking letters.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
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
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const paging = useTablePaging(ORGANIZATIONS_PAGE_SIZES);
  const searchFor = (text: string) => {
    setSearch(text);
    paging.resetPage();
  };
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<OrganizationSummary | null>(null);

  const all = organizations.data?.list ?? [];
  const rows = all.filter((org) => matches(org, deferredSearch));
  const open = (org: OrganizationSummary) => navigate(organizationPath(org.id));

  const columns: DataColumn<OrganizationSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortValue: (org) => org.name,
      render: (org) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={500} size="sm" style={NO_WRAP}>
            {org.name}
          </Text>
          {org.is_demo && (
            <Badge size="xs" variant="light" color="grape" tt="none" style={{ flexShrink: 0 }}>
              Demo
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'unique_name',
      header: <span style={NO_WRAP}>Unique name</span>,
      sortValue: (org) => org.unique_name,
      render: (org) => (
        <Text size="sm" c="dimmed" style={NO_WRAP}>
          {org.unique_name}
        </Text>
      ),
    },
    {
      key: 'groups',
      header: 'Groups',
      numeric: true,
      sortValue: (org) => org.groups.length,
      render: (org) => formatCount(org.groups.length),
    },
    {
      key: 'members',
      header: 'Members',
      numeric: true,
      sortValue: (org) => org.members_count,
      render: (org) => formatCount(org.members_count),
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (org) => org.created_at,
      render: (org) => <span style={NO_WRAP}>{formatDate(org.created_at)}</span>,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 96,
      pinned: true,
      render: (org) => (
        // The row itself opens the organization: the buttons must not pass their click on.
        <Group
          gap={4}
          justify="flex-end"
          wrap="nowrap"
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit ${org.name}`} onClick={() => open(org)}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${org.name}`}
              onClick={() => setToDelete(org)}
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
      title="All organizations"
      description="Newest first. Select an organization to rename it or manage its admins."
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <TableSearch
          label="Search organizations"
          placeholder="Search by name"
          value={search}
          onChange={searchFor}
        />
        {/* On a phone the two buttons take a line each, full width. */}
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
      </Group>

      {organizations.isError ? (
        <LoadError
          what="Organizations"
          onRetry={() => void organizations.refetch()}
          retrying={organizations.isFetching}
        />
      ) : (
        <DataTable
          label="Organizations"
          columns={columns}
          rows={rows}
          rowKey={(org) => org.id}
          loading={organizations.isPending}
          emptyText={
            all.length > 0
              ? 'No organizations match your search'
              : 'No organizations yet. Add the first one.'
          }
          onRowClick={open}
          minWidth={640}
          paging={paging.tableProps(rows.length)}
          pageInPlace
        />
      )}

      <AddOrganizationDialog opened={adding} onClose={() => setAdding(false)} />
      <DeleteOrganizationDialog organization={toDelete} onClose={() => setToDelete(null)} />
    </TableSection>
  );
}
