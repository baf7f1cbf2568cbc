import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { OrganizationIdQuery } from '@resonant/contracts/organizations';
import { BackLink } from '../../../components/back-link.tsx';
import { ItemNotFound } from '../../../components/item-not-found.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/hrv-format.ts';
import { formatCount } from '../../../lib/number-format.ts';
import { useOrganization } from '../api/get-organization.ts';
import { OrgAdminsCard } from './org-admins-card.tsx';
import { RenameOrganizationForm } from './rename-organization-form.tsx';

const BACK = { to: paths.admin.organizations, label: 'Back to Organizations' };

function NotFound() {
  return (
    <ItemNotFound back={BACK} title={ORGANIZATION_NOT_FOUND_MESSAGE}>
      This organization does not exist or was deleted. Choose one from the list.
    </ItemNotFound>
  );
}

/**
 * /admin/organization?orgId=…: rename one organization and manage its admins (SPEC §2). The id is
 * in the URL (the original passed it through navigation state), so a reload keeps the page.
 */
export function OrganizationPage() {
  const [params] = useSearchParams();
  const orgId = params.get('orgId') ?? '';
  // An id that cannot exist is not asked for.
  const validId = OrganizationIdQuery.safeParse({ orgId }).success;
  return validId ? <OrganizationDetails orgId={orgId} /> : <NotFound />;
}

function OrganizationDetails({ orgId }: { orgId: string }) {
  const organization = useOrganization(orgId);

  if (organization.isPending) return <PageLoader label="Loading the organization" />;
  if (organization.isError) {
    if (organization.error instanceof ApiError && organization.error.status === 404) {
      return <NotFound />;
    }
    return (
      <Stack gap="md">
        <BackLink {...BACK} />
        <LoadError
          what="The organization"
          onRetry={() => void organization.refetch()}
          retrying={organization.isFetching}
        />
      </Stack>
    );
  }
  const org = organization.data;

  return (
    <Stack gap="md" maw={960}>
      <BackLink {...BACK} />
      <div>
        <Group gap="xs" wrap="wrap">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {org.name}
          </Title>
          {org.is_demo && (
            <Badge variant="light" color="grape" tt="none">
              Demo
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {org.unique_name} · created {formatDate(org.created_at)} ·{' '}
          {formatCount(org.groups.length)} {org.groups.length === 1 ? 'group' : 'groups'} ·{' '}
          {formatCount(org.members_count)} {org.members_count === 1 ? 'member' : 'members'}
        </Text>
      </div>
      {/* Keyed by name so the field starts again from the saved name after a rename. */}
      <RenameOrganizationForm key={org.name} orgId={org.id} name={org.name} />
      <OrgAdminsCard orgId={org.id} orgName={org.name} />
    </Stack>
  );
}
