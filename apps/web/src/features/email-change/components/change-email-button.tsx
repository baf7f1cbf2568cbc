import { useState } from 'react';
import { Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RequestEmailChangeBody } from '@resonant/contracts/email-change';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

type Values = { email: string; currentPassword: string };
const EMPTY: Values = { email: '', currentPassword: '' };

const bodyOf = (values: Values) => ({
  email: values.email,
  currentPassword: values.currentPassword || undefined,
});

/** Settings: Change email, a dialog asking the new address and the current password. */
export function ChangeEmailButton() {
  const [opened, setOpened] = useState(false);
  const request = useRequestEmailChange();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => zodResolver(RequestEmailChangeBody)(bodyOf(values)),
    validateInputOnBlur: true,
  });
  const close = () => {
    setOpened(false);
    form.reset();
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }}>
        Change email
      </Button>
      <FormDialog
        opened={opened}
        title="Change email"
        dirty={form.isDirty()}
        busy={request.isPending}
        onClose={close}
        submitLabel="Send the link"
        onSubmit={form.onSubmit((values) =>
          request.mutate(RequestEmailChangeBody.parse(bodyOf(values)), { onSuccess: close }),
        )}
      >
        <Text size="sm" c="dimmed">
          We mail a link to the new address and tell the current one. Your email changes only when
          the link is opened; you stay signed in.
        </Text>
        <TextInput
          label="New email"
          type="email"
          required
          autoComplete="email"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Current password"
          description="Leave empty if you sign in only with another provider."
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
      </FormDialog>
    </>
  );
}
