import { useForm } from '@mantine/form';
import {
  GROUP_NAME_TAKEN_MESSAGE,
  RenameGroupBody,
  sameGroupName,
  type GroupSummary,
} from '@resonant/contracts/groups';
import { RenameForm } from '../../../components/rename-form.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useRenameGroup } from '../api/rename-group.ts';

interface RenameGroupFormProps {
  group: GroupSummary;
  otherNames: string[];
}

/**
 * Rename with Update disabled while the name is invalid, taken or unchanged (SPEC §2); the Default
 * group's name is shown but cannot be edited.
 */
export function RenameGroupForm({ group, otherNames }: RenameGroupFormProps) {
  const renameGroup = useRenameGroup();
  const validate = (values: { groupId: string; name: string }) => {
    const errors = zodResolver(RenameGroupBody)(values);
    if (!errors.name && otherNames.some((name) => sameGroupName(name, values.name))) {
      errors.name = GROUP_NAME_TAKEN_MESSAGE;
    }
    return errors;
  };
  const form = useForm({
    initialValues: { groupId: group.id, name: group.name },
    validate,
    validateInputOnChange: true,
  });
  const values = form.getValues();
  const unchanged = values.name.trim() === group.name;
  const valid = Object.keys(validate(values)).length === 0;

  const handleSubmit = form.onSubmit((submitted) => {
    renameGroup.mutate(RenameGroupBody.parse(submitted));
  });

  return (
    <RenameForm
      title="Group Name"
      formLabel="Rename group"
      inputProps={{ disabled: group.is_default, ...form.getInputProps('name') }}
      submitDisabled={group.is_default || !valid || unchanged}
      pending={renameGroup.isPending}
      onSubmit={handleSubmit}
    />
  );
}
