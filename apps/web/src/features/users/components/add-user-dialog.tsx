import { useState } from 'react';
import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ADD_USER_EMAIL_MAX, AddUserFields, RequiredGroupIds } from '@resonant/contracts/org-users';
import { PASSWORD_MIN } from '@resonant/contracts/auth';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { useAddOrgUser } from '../api/add-org-user.ts';
import { publicKeyQueryOptions } from '../../../lib/public-key.ts';
import type { UsersMode } from '@resonant/contracts/org-users-policies';
import { GroupSelect } from './group-select.tsx';
import { UserDetailsFields } from './user-details-fields.tsx';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { INVITE_DIALOG_TITLE } from '@resonant/contracts/invitations';
import { EmailInput } from '../../../components/person-fields.tsx';

interface AddUserValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  gender: string | null;
  birthDate: string | null;
  groupIds: string[];
}

// SPEC §5: groups are required unless a group admin adds (their users join the current group).
const ORG_SCHEMA = AddUserFields.extend({ groupIds: RequiredGroupIds });
const GROUP_SCHEMA = AddUserFields;

interface AddUserDialogProps {
  mode: UsersMode;
  /** The group a group admin's new users join, named in the dialog. */
  groupName: string | null;
  opened: boolean;
  onClose: () => void;
}

/** 'Add User' (SPEC §5): defaults Male and today, max lengths, the password encrypted on send. */
export function AddUserDialog({ mode, groupName, opened, onClose }: AddUserDialogProps) {
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  const schema = mode === 'org' ? ORG_SCHEMA : GROUP_SCHEMA;
  const addUser = useAddOrgUser();
  // Fetched while the person types, so encrypting on submit does not wait for it.
  useQuery({ ...publicKeyQueryOptions, enabled: opened });
  const form = useForm<AddUserValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      gender: 'Male',
      birthDate: today,
      groupIds: [],
    },
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });

  const dialogProps = formDialogProps({
    form,
    mutation: addUser,
    toBody: (values) => schema.parse(values),
    onClose,
    onSaved: (response) => showSuccess(response.message),
  });

  return (
    <FormDialog opened={opened} title="Add User" submitLabel="Add User" size="lg" {...dialogProps}>
      {/* Joining is consent (issue 27): the same for every address, with or without an account. */}
      <Text size="sm" c="dimmed">
        {INVITE_DIALOG_TITLE}: the user gets an invitation by email and joins when they accept it,
        or when they first sign in with this password.
      </Text>
      <UserDetailsFields form={form} />
      <EmailInput
        description="The username the user signs in with."
        maxLength={ADD_USER_EMAIL_MAX}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        placeholder={`At least ${PASSWORD_MIN} characters`}
        description="Encrypted in your browser before it is sent."
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      {mode === 'org' ? (
        <GroupSelect form={form} />
      ) : (
        <Text size="sm" c="dimmed">
          The user joins {groupName ? <strong>{groupName}</strong> : 'your group'}.
        </Text>
      )}
    </FormDialog>
  );
}
