import { MultiSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useGroupOptions } from '../api/get-group-options.ts';

interface GroupSelectProps<Values extends { groupIds: string[] }> {
  form: UseFormReturnType<Values>;
}

/** The group choice of org admins; everyone is also kept in the Default group by the server. */
export function GroupSelect<Values extends { groupIds: string[] }>({
  form,
}: GroupSelectProps<Values>) {
  const { data, isPending } = useGroupOptions(true);
  return (
    <MultiSelect
      label="Groups"
      placeholder={isPending ? 'Loading groups…' : 'Select groups'}
      description="Every user is also in the Default group."
      data={(data?.items ?? []).map((group) => ({
        value: group.group_id,
        label: group.group_name,
      }))}
      searchable
      required
      nothingFoundMessage="No group found"
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('groupIds')}
    />
  );
}
