import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ForgotPasswordBody } from '@resonant/contracts/passwords';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { PasswordPageCard } from './password-page-card.tsx';

/** "Forgot password?": the address to mail a reset link to; one answer whatever the address. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordBody>({
    initialValues: { email: '' },
    validate: zodResolver(ForgotPasswordBody),
    validateInputOnBlur: true,
  });

  return (
    <PasswordPageCard
      title="Forgot your password?"
      intro="Enter the email you sign in with. We will send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Alert color="teal" role="status" title="Check your inbox">
          {request.data.message}
        </Alert>
      ) : (
        <form
          noValidate
          aria-label="Forgot password"
          onSubmit={form.onSubmit((values) => request.mutate(ForgotPasswordBody.parse(values)))}
        >
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </PasswordPageCard>
  );
}
