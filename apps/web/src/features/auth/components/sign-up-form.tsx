import { useId } from 'react';
import {
  Button,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SignUpBody } from '@resonant/contracts/auth';
import type { AuthResponse } from '@resonant/contracts/auth';
import { GENDERS } from '@resonant/contracts/profile';
import { BirthDateField } from '../../../components/birth-date-field.tsx';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useSignUp } from '../api/sign-up.ts';
import { WaitNotice } from './wait-notice.tsx';

interface SignUpValues {
  firstName: string;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
  email: string;
  password: string;
}

interface SignUpFormProps {
  onSignedUp: (auth: AuthResponse) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const titleId = useId();
  const signUp = useSignUp();
  const retryAt = retryAtOf(signUp.error);
  const form = useForm<SignUpValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      gender: null,
      birthDate: null,
      email: '',
      password: '',
    },
    validate: zodResolver(SignUpBody),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    signUp.mutate(SignUpBody.parse(values), { onSuccess: onSignedUp });
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} id={titleId}>
            Create account
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Start following your heart-rate variability.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
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
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          required
          {...form.getInputProps('password')}
        />
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={signUp.isPending} mt="xs">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
