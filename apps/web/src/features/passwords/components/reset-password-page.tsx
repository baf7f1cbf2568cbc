import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordFields } from '@resonant/contracts/passwords';
import { paths } from '../../../config/paths.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './password-fields.tsx';
import { PasswordPageCard } from './password-page-card.tsx';

/** The mailed reset link (`?it=`): a new password twice; then every device signs in again. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('it');
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFields>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zodResolver(ResetPasswordFields),
    validateInputOnBlur: true,
  });

  const content = () => {
    if (!token) {
      return (
        <Alert color="red" title="This link is not complete">
          Open the link from the email again, or{' '}
          <Anchor component={Link} to={paths.forgotPassword}>
            ask for a new one
          </Anchor>
          .
        </Alert>
      );
    }
    if (reset.isSuccess) {
      return (
        <Alert color="teal" role="status" title="Password changed">
          {reset.data.message}
        </Alert>
      );
    }
    return (
      <form
        noValidate
        aria-label="Choose a new password"
        onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, password }))}
      >
        <Stack gap="sm">
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    );
  };

  return (
    <PasswordPageCard
      title="Choose a new password"
      intro="Every device signed in to your account will be signed out."
    >
      {content()}
    </PasswordPageCard>
  );
}
