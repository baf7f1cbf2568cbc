import { Alert, Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ORGANIZATION_NAME_MAX, RenameOrganizationBody } from '@resonant/contracts/organizations';
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
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={handleSubmit} aria-label="Rename organization">
        <Title order={3} size="h4" mb="sm">
          Organization Name
        </Title>
        <Group align="flex-start" gap="sm">
          <TextInput
            aria-label="Organization Name"
            required
            maxLength={ORGANIZATION_NAME_MAX}
            autoComplete="off"
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('name')}
          />
          <Button
            type="submit"
            disabled={!valid || unchanged || Boolean(form.errors.name)}
            loading={renameOrganization.isPending}
          >
            Update
          </Button>
        </Group>
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
      </form>
    </Paper>
  );
}
