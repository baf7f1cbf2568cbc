import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GENDERS } from '@resonant/contracts/profile';
import { BirthDateField } from '../../../components/birth-date-field.tsx';
import { FieldPairs } from '../../../components/person-fields.tsx';

/** The SPEC §5 sign-up details every new account gives, however it signs in. */
export interface ProfileFieldValues {
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
}

/** The sign-up details before anything is typed or chosen. */
export const EMPTY_PROFILE: ProfileFieldValues = {
  firstName: '',
  lastName: '',
  gender: null,
  birthDate: null,
};

interface ProfileFieldsProps<Values extends ProfileFieldValues> {
  form: UseFormReturnType<Values>;
}

/**
 * First Name, Last Name, Gender and Date of Birth, two a row where there is room: shared by the
 * password sign-up and 'Almost there!', so both ask the same way.
 */
export function ProfileFields<Values extends ProfileFieldValues>({
  form,
}: ProfileFieldsProps<Values>) {
  return (
    <FieldPairs>
      <TextInput
        label="First Name"
        autoComplete="given-name"
        required
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last Name"
        autoComplete="family-name"
        required
        {...form.getInputProps('lastName')}
      />
      <Select
        label="Gender"
        placeholder="Select"
        data={GENDERS}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('gender')}
      />
      <BirthDateField
        defaultLevel="decade"
        autoComplete="bday"
        {...form.getInputProps('birthDate')}
      />
    </FieldPairs>
  );
}
