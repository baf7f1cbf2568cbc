import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX } from '@resonant/contracts/profile';
import { GenderAndBirthFields, NameFields } from '../../../components/person-fields.tsx';

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
      <NameFields
        first={form.getInputProps('firstName')}
        last={form.getInputProps('lastName')}
        maxLength={NAME_MAX}
      />
      <GenderAndBirthFields
        gender={form.getInputProps('gender')}
        birthDate={form.getInputProps('birthDate')}
      />
    </SimpleGrid>
  );
}
