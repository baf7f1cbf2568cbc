import { isPastOrToday, type Gender } from '@resonant/contracts/profile';
import type { PendingSocialSignUp } from '@resonant/contracts/social-sign-in';

/** The 'Almost there!' form: the fields of the password sign-up but email and password. */
export interface SocialSignUpValues {
  firstName: string;
  lastName: string;
  gender: Gender | null;
  birthDate: string | null;
}

/**
 * The form's first values: what the provider shared (trimmed), a date of birth only when it is a
 * whole date that is not in the future, so the date field never starts with one it would refuse.
 */
export function socialSignUpValues(pending: PendingSocialSignUp): SocialSignUpValues {
  const { birthDate } = pending;
  return {
    firstName: pending.firstName.trim(),
    lastName: pending.lastName.trim(),
    gender: pending.gender,
    birthDate: birthDate && isPastOrToday(birthDate) ? birthDate : null,
  };
}
