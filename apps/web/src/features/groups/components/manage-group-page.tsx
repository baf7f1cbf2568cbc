import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { GROUP_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import { DEFAULT_GROUP_PROTECTED_MESSAGE } from '@resonant/contracts/groups';
import { BackLink } from '../../../components/back-link.tsx';
import { ItemNotFound } from '../../../components/item-not-found.tsx';
import { paths } from '../../../config/paths.ts';
import { useGroups } from '../api/get-groups.ts';
import { DeleteGroupDialog } from './delete-group-dialog.tsx';
import { GroupAdminsCard } from './group-admins-card.tsx';
import { RenameGroupForm } from './rename-group-form.tsx';

const BACK = { to: paths.org.groups, label: 'Back to Groups' };

/**
 * /org/group/manage?groupId=…: rename, admins and delete of one group; for the Default group all
 * three are shown disabled (SPEC §2; decision 0022).
 */
export function ManageGroupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const groupId = params.get('groupId') ?? '';
  const { data, isPending } = useGroups();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const groups = data?.list ?? [];
  const group = groups.find((candidate) => candidate.id === groupId);
  if (!group) {
    return (
      <ItemNotFound back={BACK} title={GROUP_NOT_FOUND_MESSAGE}>
        This group does not exist or was deleted. Choose a group from the list.
      </ItemNotFound>
    );
  }

  return (
    <Stack gap="md" maw={960}>
      <BackLink {...BACK} />
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        {group.name}
      </Title>
      {group.is_default && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {DEFAULT_GROUP_PROTECTED_MESSAGE}: every member of the organization is in it.
        </Alert>
      )}
      {/* Keyed by name so the field starts again from the saved name after a rename. */}
      <RenameGroupForm
        key={group.name}
        group={group}
        otherNames={groups.filter((other) => other.id !== group.id).map((other) => other.name)}
      />
      <GroupAdminsCard groupId={group.id} isDefault={group.is_default} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="sm">
          <div style={{ flex: '1 1 240px' }}>
            <Title order={3} size="h4">
              Delete Group
            </Title>
            <Text c="dimmed" size="sm">
              Its members stay in the organization.
            </Text>
          </div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} aria-hidden />}
            disabled={group.is_default}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete Group
          </Button>
        </Group>
      </Paper>
      <DeleteGroupDialog
        groupId={confirmingDelete ? group.id : null}
        onClose={() => setConfirmingDelete(false)}
        onDeleted={() => navigate(paths.org.groups, { replace: true })}
      />
    </Stack>
  );
}
