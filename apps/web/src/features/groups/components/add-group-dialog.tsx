import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CreateGroupBody,
  GROUP_NAME_TAKEN_MESSAGE,
  sameGroupName,
} from '@resonant/contracts/groups';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { UserPicker } from './user-picker.tsx';
import { dialogFormHandlers } from '../../../components/dialog-form.ts';

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

  const { close, handleSubmit } = dialogFormHandlers({
    form,
    mutation: createGroup,
    toBody: (values) => CreateGroupBody.parse(values),
    onClose,
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Group"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={handleSubmit} aria-label="Add Group">
        <Stack gap="md">
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
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={createGroup.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={createGroup.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
