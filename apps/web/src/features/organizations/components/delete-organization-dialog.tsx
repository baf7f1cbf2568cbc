import { Text } from '@mantine/core';
import type { OrganizationSummary } from '@resonant/contracts/organizations';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { deleteOrganizationQuestion } from '../organization-display.ts';

interface DeleteOrganizationDialogProps {
  /** The organization to delete; the dialog is open while one is set. */
  organization: OrganizationSummary | null;
  onClose: () => void;
}

/** The delete confirmation (SPEC §6): it names what goes with the organization. */
export function DeleteOrganizationDialog({ organization, onClose }: DeleteOrganizationDialogProps) {
  const deleteOrganization = useDeleteOrganization();
  return (
    <ConfirmDialog
      opened={organization !== null}
      title="Delete Organization"
      message={organization ? deleteOrganizationQuestion(organization) : ''}
      details={
        organization?.is_demo ? (
          <Text size="sm" c="dimmed">
            This is the demo organization: Update Demo Org Data will have nothing to refresh.
          </Text>
        ) : undefined
      }
      confirmLabel="Delete"
      loading={deleteOrganization.isPending}
      onClose={onClose}
      onConfirm={() =>
        organization && deleteOrganization.mutate(organization.id, { onSettled: onClose })
      }
    />
  );
}
