import { useEffect } from 'react';
import { Alert, Button, Center, Checkbox, Loader, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EditUserFields,
  PROFILE_OWNED_NOTE,
  RequiredGroupIds,
  USER_GROUPS_FAILED_MESSAGE,
  type OrgUser,
} from '@resonant/contracts/org-users';
import { showSuccess } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useUserGroups } from '../api/get-user-groups.ts';
import { useUpdateOrgUser } from '../api/update-org-user.ts';
import { usersModeAllows, type UsersMode } from '@resonant/contracts/org-users-policies';
import { GroupSelect } from './group-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
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
  // A form per user, so nothing typed for one user shows up for the next.
  return user ? (
    <EditUserForm key={user.user_id} mode={mode} user={user} isSelf={isSelf} onClose={onClose} />
  ) : null;
}

interface EditUserFormProps {
  mode: UsersMode;
  user: OrgUser;
  isSelf: boolean;
  onClose: () => void;
}

/**
 * The account-wide details of someone whose profile is theirs (issue 27: the organisation did not
 * create the account, or the person has signed in to it): shown, not editable, with why.
 */
function PersonOwnedDetails({ user }: { user: OrgUser }) {
  return (
    <>
      <Alert color="gray">{PROFILE_OWNED_NOTE}</Alert>
      <TextInput label="First Name" value={user.first_name} readOnly variant="filled" />
      <TextInput label="Last Name" value={user.last_name} readOnly variant="filled" />
      <TextInput label="Gender" value={user.gender ?? ''} readOnly variant="filled" />
      <TextInput label="Date of Birth" value={user.birth_date ?? ''} readOnly variant="filled" />
    </>
  );
}

function EditUserForm({ mode, user, isSelf, onClose }: EditUserFormProps) {
  const choosesGroups = usersModeAllows(mode, 'choose-groups');
  // Nobody takes their own admin role away, so their own row shows no checkbox (SPEC §6).
  const togglesAdmin = usersModeAllows(mode, 'set-admin') && !isSelf;
  const schema = choosesGroups ? ORG_SCHEMA : GROUP_SCHEMA;
  // The user's groups load first, so the form starts with them (GET /api/org/user_groups).
  const groups = useUserGroups(user.user_id, choosesGroups);
  const loadingGroups = choosesGroups && groups.isPending;
  const updateUser = useUpdateOrgUser();
  const form = useForm<EditUserValues>({
    initialValues: {
      firstName: user.first_name,
      lastName: user.last_name,
      gender: user.gender,
      birthDate: user.birth_date,
      isAdmin: user.user_highest_role === 'org',
      groupIds: [],
    },
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });
  const { initialize, getInitialValues } = form;
  useEffect(() => {
    if (!groups.data) return;
    // The loaded groups are where the form starts, so they do not count as a change.
    initialize({
      ...getInitialValues(),
      groupIds: groups.data.items.map((group) => group.group_id),
    });
  }, [groups.data, initialize, getInitialValues]);

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
        ...(choosesGroups ? { groupIds: fields.groupIds } : {}),
        ...(togglesAdmin ? { isAdmin: values.isAdmin } : {}),
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
    <FormDialog
      opened
      title="Edit User"
      submitLabel="Save Changes"
      submitDisabled={loadingGroups || groups.isError}
      size="lg"
      dirty={form.isDirty()}
      busy={updateUser.isPending}
      onClose={onClose}
      onSubmit={handleSubmit}
    >
      <TextInput label="Email" value={user.email} readOnly variant="filled" />
      {loadingGroups ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading groups" />
        </Center>
      ) : choosesGroups && groups.isError ? (
        <Stack gap="xs" align="flex-start">
          <Alert color="red" w="100%">
            {USER_GROUPS_FAILED_MESSAGE}
          </Alert>
          <Button variant="default" onClick={() => void groups.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <>
          {user.profile_editable ? (
            <UserDetailsFields form={form} />
          ) : (
            <PersonOwnedDetails user={user} />
          )}
          {choosesGroups && <GroupSelect form={form} />}
          {togglesAdmin && (
            <Checkbox
              label="Organization Admin"
              description="Organization admins manage every group, user, invitation and billing."
              {...form.getInputProps('isAdmin', { type: 'checkbox' })}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
