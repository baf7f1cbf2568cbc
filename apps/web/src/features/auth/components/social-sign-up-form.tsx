import { useEffect, useId } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuthResponse } from '@resonant/contracts/auth';
import { UpdateProfileBody } from '@resonant/contracts/profile';
import {
  NEW_SOCIAL_USER_MESSAGE,
  SOCIAL_SIGN_UP_TITLE,
  type PendingSocialSignUp,
} from '@resonant/contracts/social-sign-in';
import { showInfo } from '../../../lib/notify.tsx';
import { retryAtOf } from '../../../lib/retry-after.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useCompleteSocialSignUp } from '../api/complete-social-sign-up.ts';
import { isExpiredSignUp } from '../expired-sign-up.ts';
import { socialSignUpValues, type SocialSignUpValues } from '../social-sign-up-values.ts';
import { ProfileFields } from './profile-fields.tsx';
import { SocialIdentityCard } from './social-identity-card.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { WaitNotice } from './wait-notice.tsx';

// The pending sign-ups already welcomed in this page load: the toast comes once per pending, not
// again when the form mounts anew (Back from the sign-in panel, StrictMode's second effect). Each
// round trip loads the page afresh, so a new pending sign-up starts from an empty set.
const welcomed = new Set<string>();

/** What tells one pending sign-up from another within a page load. */
function pendingKey(pending: PendingSocialSignUp): string {
  return JSON.stringify([pending.provider.id, pending.email]);
}

interface SocialSignUpFormProps {
  pending: PendingSocialSignUp;
  onSignedUp: (auth: AuthResponse) => void;
  onExpired: () => void;
}

/**
 * 'Almost there!' (SPEC §2, §4): a new social identity gives the sign-up details the provider did
 * not (prefilled with what it did), by the password sign-up's rules, and the account is created.
 */
export function SocialSignUpForm({ pending, onSignedUp, onExpired }: SocialSignUpFormProps) {
  const titleId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const completeSignUp = useCompleteSocialSignUp();
  const retryAt = retryAtOf(completeSignUp.error);
  const form = useForm<SocialSignUpValues>({
    initialValues: socialSignUpValues(pending),
    validate: zodResolver(UpdateProfileBody),
    validateInputOnBlur: true,
  });

  // SPEC §4: the toast of an unknown social user, once on arrival.
  const key = pendingKey(pending);
  useEffect(() => {
    if (welcomed.has(key)) return;
    welcomed.add(key);
    showInfo(NEW_SOCIAL_USER_MESSAGE);
  }, [key]);

  const handleSubmit = form.onSubmit((values) => {
    completeSignUp.mutate(UpdateProfileBody.parse(values), {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (isExpiredSignUp(error)) onExpired();
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} id={titleId} ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
            {SOCIAL_SIGN_UP_TITLE}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            A few details about you, and your account is ready.
          </Text>
        </div>
        <SocialIdentityCard pending={pending} />
        <ProfileFields form={form} />
        {retryAt && <WaitNotice key={retryAt.getTime()} retryAt={retryAt} />}
        <Button type="submit" size="md" fullWidth loading={completeSignUp.isPending} mt="xs">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
