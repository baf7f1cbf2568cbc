import { useState } from 'react';
import { Alert, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  ADD_ORGANIZATION_GENDERS,
  AddOrganizationFields,
  ORGANIZATION_ADDED_MESSAGE,
  ORGANIZATION_NAME_MAX,
} from '@resonant/contracts/organizations';
import { NAME_MAX } from '@resonant/contracts/profile';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import {
  EmailInput,
  FieldPairs,
  GenderAndBirthFields,
  NameFields,
} from '../../../components/person-fields.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useAddOrganization } from '../api/add-organization.ts';
import { generateDefaultPassword } from '../default-password.ts';
import { addOrganizationFailure } from '../organization-display.ts';
import { GeneratedPasswordField } from './generated-password-field.tsx';

interface AddOrganizationValues {
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  gender: string | null;
  dob: string | null;
  password: string;
}

const validate = zodResolver(AddOrganizationFields);

function freshValues(): AddOrganizationValues {
  return {
    name: '',
    first_name: '',
    last_name: '',
    email: '',
    gender: 'Male',
    dob: null,
    password: generateDefaultPassword(),
  };
}

interface AddOrganizationDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add Organization' (SPEC §5): the organization's name and its first admin, gender Male by
 * default, a date of birth not after today, and a strong generated password, masked with a
 * toggle. Add stays disabled until every field is valid; a refusal is shown in the form (SPEC §8).
 */
export function AddOrganizationDialog({ opened, onClose }: AddOrganizationDialogProps) {
  const addOrganization = useAddOrganization();
  const [initialValues] = useState(freshValues);
  const form = useForm<AddOrganizationValues>({
    initialValues,
    validate,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const valid = Object.keys(validate(values)).length === 0;
  const failure = addOrganization.error ? addOrganizationFailure(addOrganization.error) : null;

  const dialogProps = formDialogProps({
    form,
    mutation: addOrganization,
    toBody: (submitted) => AddOrganizationFields.parse(submitted),
    onClose: () => {
      // The next opening starts with a new password.
      const fresh = freshValues();
      form.setInitialValues(fresh);
      form.setValues(fresh);
      onClose();
    },
    // The same toast whether or not the admin's email has an account (issue 27).
    onSaved: () => showSuccess(ORGANIZATION_ADDED_MESSAGE),
    onFailed: (error) => {
      const { field, message } = addOrganizationFailure(error);
      if (field) form.setFieldError(field, message);
    },
  });

  return (
    <FormDialog
      opened={opened}
      title="Add Organization"
      submitLabel="Add"
      submitDisabled={!valid || Object.keys(form.errors).length > 0}
      size="lg"
      {...dialogProps}
    >
      <TextInput
        label="Organization Name"
        placeholder="e.g. Northwind Health"
        required
        maxLength={ORGANIZATION_NAME_MAX}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Text fw={600} size="sm" mt="xs">
        Organization admin
      </Text>
      <FieldPairs>
        <NameFields
          first={form.getInputProps('first_name')}
          last={form.getInputProps('last_name')}
          maxLength={NAME_MAX}
        />
      </FieldPairs>
      <EmailInput
        placeholder="admin@example.com"
        description="An existing account with this email becomes the admin and keeps its password."
        {...form.getInputProps('email')}
      />
      <FieldPairs>
        <GenderAndBirthFields
          gender={form.getInputProps('gender')}
          birthDate={form.getInputProps('dob')}
          genders={ADD_ORGANIZATION_GENDERS}
        />
      </FieldPairs>
      <GeneratedPasswordField
        inputProps={form.getInputProps('password')}
        password={values.password}
        onRenew={() => form.setFieldValue('password', generateDefaultPassword())}
      />
      {failure && failure.field === null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {failure.message}
        </Alert>
      )}
    </FormDialog>
  );
}
