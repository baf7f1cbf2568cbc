import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX } from '@resonant/contracts/profile';
import {
  FieldPairs,
  GenderAndBirthFields,
  NameFields,
} from '../../../components/person-fields.tsx';

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
    <FieldPairs>
      <NameFields
        first={form.getInputProps('firstName')}
        last={form.getInputProps('lastName')}
        maxLength={NAME_MAX}
      />
      <GenderAndBirthFields
        gender={form.getInputProps('gender')}
        birthDate={form.getInputProps('birthDate')}
      />
    </FieldPairs>
  );
}
