import { useState } from 'react';
import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  CreateApiTokenBody,
  type API_TOKEN_EXPIRY_DAYS,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from '@resonant/contracts/api-tokens';
import { DateField } from '../../../components/date-field.tsx';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';

type Expiry = `${(typeof API_TOKEN_EXPIRY_DAYS)[number]}` | 'date';

interface CreateApiTokenValues {
  name: string;
  scopes: ApiTokenScope[];
  expiry: Expiry;
  /** YYYY-MM-DD, when `expiry` is a date of one's own. */
  expiresOn: string | null;
}

const EXPIRY_OPTIONS: { value: Expiry; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'A date of your choice' },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const toBody = (values: CreateApiTokenValues) => ({
  name: values.name,
  scopes: values.scopes,
  ...(values.expiry === 'date'
    ? { expiresOn: values.expiresOn ?? undefined }
    : { expiresInDays: Number(values.expiry) }),
});

const fromBody = zodResolver(CreateApiTokenBody);

/** The body's own rules, with a date asked for when the expiry is a date of one's own. */
function validate(values: CreateApiTokenValues) {
  const errors = fromBody(toBody(values));
  if (values.expiry === 'date' && !values.expiresOn) errors.expiresOn = 'Choose a date';
  return errors;
}

interface CreateApiTokenDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new token and its secret, which the caller shows once. */
  onCreated: (created: CreatedApiTokenResponse) => void;
}

/** Makes a personal API token: a name, its scopes and when it expires. */
export function CreateApiTokenDialog({ opened, onClose, onCreated }: CreateApiTokenDialogProps) {
  const create = useCreateApiToken();
  const form = useForm<CreateApiTokenValues>({
    initialValues: { name: '', scopes: ['readings:write'], expiry: '90', expiresOn: null },
    validate,
    validateInputOnBlur: true,
  });
  const dialogProps = formDialogProps({
    form,
    mutation: create,
    toBody: (values) => CreateApiTokenBody.parse(toBody(values)),
    onClose,
    onSaved: onCreated,
  });
  // The UTC days the API takes: from tomorrow to the longest expiry.
  const [today] = useState(() => Date.now());
  const values = form.getValues();

  return (
    <FormDialog opened={opened} title="New API token" submitLabel="Create token" {...dialogProps}>
      <TextInput
        label="Name"
        description="What uses it, so you know which to revoke later."
        required
        maxLength={API_TOKEN_NAME_MAX}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Checkbox.Group label="Scopes" required {...form.getInputProps('scopes')}>
        <Stack gap="xs" mt="xs">
          {API_TOKEN_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={scope}
              description={API_TOKEN_SCOPE_LABELS[scope]}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label="Expires after"
        data={EXPIRY_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps('expiry')}
      />
      {values.expiry === 'date' && (
        <DateField
          label="Expiry date"
          description={`Valid until the end of this day (UTC), at most ${API_TOKEN_MAX_DAYS} days ahead.`}
          valueFormat="YYYY-MM-DD"
          minDate={isoDay(today + DAY_MS)}
          maxDate={isoDay(today + API_TOKEN_MAX_DAYS * DAY_MS)}
          required
          {...form.getInputProps('expiresOn')}
        />
      )}
    </FormDialog>
  );
}
