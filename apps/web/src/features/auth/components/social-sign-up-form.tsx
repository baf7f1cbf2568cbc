import { useEffect } from 'react';
import { useForm } from '@mantine/form';
import type { SignInResponse } from '@resonant/contracts/auth';
import { UpdateProfileBody } from '@resonant/contracts/profile';
import {
  NEW_SOCIAL_USER_MESSAGE,
  SOCIAL_SIGN_UP_TITLE,
  type PendingSocialSignUp,
} from '@resonant/contracts/social-sign-in';
import { showInfo } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useCompleteSocialSignUp } from '../api/complete-social-sign-up.ts';
import { isExpiredSignUp } from '../expired-sign-up.ts';
import { socialSignUpValues, type SocialSignUpValues } from '../social-sign-up-values.ts';
import { AuthForm } from './auth-form.tsx';
import { ProfileFields } from './profile-fields.tsx';
import { SocialIdentityCard } from './social-identity-card.tsx';

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
  /** The new account's session (or, when the identity's account exists already, its sign-in). */
  onSignedUp: (answer: SignInResponse) => void;
  onExpired: () => void;
}

/**
 * 'Almost there!' (SPEC §2, §4): a new social identity gives the sign-up details the provider did
 * not (prefilled with what it did), by the password sign-up's rules, and the account is created.
 */
export function SocialSignUpForm({ pending, onSignedUp, onExpired }: SocialSignUpFormProps) {
  const completeSignUp = useCompleteSocialSignUp();
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
    <AuthForm
      title={SOCIAL_SIGN_UP_TITLE}
      intro="A few details about you, and your account is ready."
      focusTitle
      gap="sm"
      error={completeSignUp.error}
      pending={completeSignUp.isPending}
      submitLabel="Sign Up"
      onSubmit={handleSubmit}
    >
      <SocialIdentityCard pending={pending} />
      <ProfileFields form={form} />
    </AuthForm>
  );
}
