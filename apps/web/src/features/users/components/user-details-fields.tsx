import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX, GENDERS } from '@resonant/contracts/profile';
import { BirthDateField } from '../../../components/birth-date-field.tsx';

/** The personal details both user dialogs edit. */
export interface UserDetailsValues {
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
}

interface UserDetailsFieldsProps<Values extends UserDetailsValues> {
  form: UseFormReturnType<Values>;
}

/** First Name, Last Name, Gender and Date of Birth with the SPEC §5 limits. */
export function UserDetailsFields<Values extends UserDetailsValues>({
  form,
}: UserDetailsFieldsProps<Values>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="First Name"
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last Name"
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        {...form.getInputProps('lastName')}
      />
      <Select
        label="Gender"
        data={GENDERS}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('gender')}
      />
      <BirthDateField {...form.getInputProps('birthDate')} />
    </SimpleGrid>
  );
}
