import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import {
  EditUserFields,
  RequiredGroupIds,
  USER_GROUPS_FAILED_MESSAGE,
  type OrgUser,
} from '@resonant/contracts/org-users';
import { showSuccess } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useUserGroups } from '../api/get-user-groups.ts';
import { useUpdateOrgUser } from '../api/update-org-user.ts';
import type { UsersMode } from '../users-mode.ts';
import { GroupSelect } from './group-select.tsx';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { UserDetailsFields } from './user-details-fields.tsx';

interface EditUserValues {
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
  isAdmin: boolean;
  groupIds: string[];
}

// SPEC §5 Edit User: groups are required unless in group-admin mode.
const ORG_SCHEMA = EditUserFields.extend({ groupIds: RequiredGroupIds });
const GROUP_SCHEMA = EditUserFields;

interface EditUserDialogProps {
  mode: UsersMode;
  /** The user being edited; null when the dialog is closed. */
  user: OrgUser | null;
  /** The signed-in user's own row: the admin checkbox is hidden (SPEC §6). */
  isSelf: boolean;
  onClose: () => void;
}

/** 'Edit User': personal details, and in org mode the groups and the Organization Admin role. */
export function EditUserDialog({ mode, user, isSelf, onClose }: EditUserDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Edit User"
      size="lg"
      fullScreen={fullScreen}
    >
      {user && mode === 'org' && (
        <OrgEditLoader key={user.user_id} user={user} isSelf={isSelf} onClose={onClose} />
      )}
      {user && mode === 'group' && (
        <EditUserForm
          key={user.user_id}
          mode="group"
          user={user}
          isSelf={isSelf}
          groupIds={[]}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** Loads the user's groups first, so the form starts with them (GET /api/org/user_groups). */
function OrgEditLoader({
  user,
  isSelf,
  onClose,
}: {
  user: OrgUser;
  isSelf: boolean;
  onClose: () => void;
}) {
  const groups = useUserGroups(user.user_id, true);
  if (groups.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading groups" />
      </Center>
    );
  }
  if (groups.isError) {
    return (
      <Stack>
        <Alert color="red">{USER_GROUPS_FAILED_MESSAGE}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void groups.refetch()}>Try again</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <EditUserForm
      mode="org"
      user={user}
      isSelf={isSelf}
      groupIds={groups.data.items.map((group) => group.group_id)}
      onClose={onClose}
    />
  );
}

interface EditUserFormProps {
  mode: UsersMode;
  user: OrgUser;
  isSelf: boolean;
  groupIds: string[];
  onClose: () => void;
}

function EditUserForm({ mode, user, isSelf, groupIds, onClose }: EditUserFormProps) {
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  const schema = mode === 'org' ? ORG_SCHEMA : GROUP_SCHEMA;
  const updateUser = useUpdateOrgUser();
  const form = useForm<EditUserValues>({
    initialValues: {
      firstName: user.first_name,
      lastName: user.last_name,
      gender: user.gender,
      birthDate: user.birth_date,
      isAdmin: user.user_highest_role === 'org',
      groupIds,
    },
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const fields = schema.parse(values);
    updateUser.mutate(
      {
        userId: user.user_id,
        firstName: fields.firstName,
        lastName: fields.lastName,
        gender: fields.gender,
        birthDate: fields.birthDate,
        // Group admins set neither groups nor roles; nobody sends their own admin flag.
        ...(mode === 'org' ? { groupIds: fields.groupIds } : {}),
        ...(mode === 'org' && !isSelf ? { isAdmin: values.isAdmin } : {}),
      },
      {
        onSuccess: (response) => {
          showSuccess(response.message);
          onClose();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Edit User">
      <Stack gap="sm">
        <TextInput label="Email" value={user.email} readOnly variant="filled" />
        <UserDetailsFields form={form} today={today} />
        {mode === 'org' && <GroupSelect form={form} />}
        {mode === 'org' && !isSelf && (
          <Checkbox
            label="Organization Admin"
            description="Organization admins manage every group, user, invitation and billing."
            {...form.getInputProps('isAdmin', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={updateUser.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={updateUser.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
