import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { WaitNotice } from './wait-notice.tsx';

interface AuthFormProps {
  title: ReactNode;
  /** Under the title: a string is set as the usual dimmed line, anything else as it is. */
  intro: ReactNode;
  /** The form replaced a loader or another panel: its title takes the focus on arrival. */
  focusTitle?: boolean;
  gap: 'sm' | 'md';
  /** The request's error: a refusal for too many attempts shows how long to wait. */
  error: unknown;
  pending: boolean;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * Every sign-in and sign-up form: a form named by its title, the fields, the wait after too many
 * attempts, and one full-width submit button.
 */
export function AuthForm({
  title,
  intro,
  focusTitle = false,
  gap,
  error,
  pending,
  submitLabel,
  onSubmit,
  children,
}: AuthFormProps) {
  const titleId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const retryAt = retryAtOf(error);
  const focusProps = focusTitle
    ? { ref: titleRef, tabIndex: -1, style: { outline: 'none' } }
    : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Stack gap={gap}>
        <div>
          <Title order={1} size="h2" id={titleId} {...focusProps}>
            {title}
          </Title>
          {typeof intro === 'string' ? (
            <Text c="dimmed" size="sm" mt={4}>
              {intro}
            </Text>
          ) : (
            intro
          )}
        </div>
        {children}
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={pending} mt="xs">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
