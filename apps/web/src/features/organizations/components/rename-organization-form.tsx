import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ORGANIZATION_NAME_MAX, RenameOrganizationBody } from '@resonant/contracts/organizations';
import { RenameForm } from '../../../components/rename-form.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useRenameOrganization } from '../api/rename-organization.ts';
import { renameOrganizationFailure } from '../organization-display.ts';

interface RenameOrganizationFormProps {
  orgId: string;
  name: string;
}

const validate = zodResolver(RenameOrganizationBody);

/**
 * The organization's name (SPEC §5 "Organization name": at least 3 characters after trimming);
 * Update is disabled while the name is invalid or unchanged. A refusal is shown in the form.
 */
export function RenameOrganizationForm({ orgId, name }: RenameOrganizationFormProps) {
  const renameOrganization = useRenameOrganization();
  const form = useForm({
    initialValues: { orgId, name },
    validate,
    validateInputOnChange: true,
  });
  const values = form.getValues();
  const unchanged = values.name.trim() === name;
  const valid = Object.keys(validate(values)).length === 0;
  const failure = renameOrganization.error
    ? renameOrganizationFailure(renameOrganization.error)
    : null;

  const handleSubmit = form.onSubmit((submitted) => {
    renameOrganization.mutate(RenameOrganizationBody.parse(submitted), {
      onError: (error) => {
        const { field, message } = renameOrganizationFailure(error);
        if (field) form.setFieldError(field, message);
      },
    });
  });

  return (
    <RenameForm
      title="Organization Name"
      formLabel="Rename organization"
      inputProps={{
        maxLength: ORGANIZATION_NAME_MAX,
        autoComplete: 'off',
        ...form.getInputProps('name'),
      }}
      submitDisabled={!valid || unchanged || Boolean(form.errors.name)}
      pending={renameOrganization.isPending}
      onSubmit={handleSubmit}
    >
      {failure && failure.field === null && (
        <Alert
          mt="sm"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          {failure.message}
        </Alert>
      )}
    </RenameForm>
  );
}
