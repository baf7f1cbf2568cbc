import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CreateGroupBody,
  GROUP_NAME_TAKEN_MESSAGE,
  sameGroupName,
} from '@resonant/contracts/groups';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { UserPicker } from './user-picker.tsx';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface AddGroupValues {
  name: string;
  adminUserIds: string[];
}

interface AddGroupDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Names of the org's groups, so a taken name is caught before the server says so. */
  existingNames: string[];
}

/** The 'Add Group' dialog: a unique valid name and at least one admin (SPEC §5 "Group name"). */
export function AddGroupDialog({ opened, onClose, existingNames }: AddGroupDialogProps) {
  const createGroup = useCreateGroup();
  const validate = (values: AddGroupValues) => {
    const errors = zodResolver(CreateGroupBody)(values);
    if (!errors.name && existingNames.some((name) => sameGroupName(name, values.name))) {
      errors.name = GROUP_NAME_TAKEN_MESSAGE;
    }
    return errors;
  };
  const form = useForm<AddGroupValues>({
    initialValues: { name: '', adminUserIds: [] },
    validate,
    validateInputOnChange: true,
  });
  const valid = Object.keys(validate(form.getValues())).length === 0;

  const dialogProps = formDialogProps({
    form,
    mutation: createGroup,
    toBody: (values) => CreateGroupBody.parse(values),
    onClose,
  });

  return (
    <FormDialog
      opened={opened}
      title="Add Group"
      submitLabel="Add"
      submitDisabled={!valid}
      {...dialogProps}
    >
      <TextInput
        label="Group Name"
        placeholder="e.g. Night Shift"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <UserPicker
        label="Admins"
        withAsterisk
        value={form.getValues().adminUserIds}
        onChange={(ids) => form.setFieldValue('adminUserIds', ids)}
        error={form.errors.adminUserIds}
      />
    </FormDialog>
  );
}
