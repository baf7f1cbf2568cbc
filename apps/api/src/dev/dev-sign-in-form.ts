import { createHash } from 'node:crypto';
import type { AccountClaims } from 'oidc-provider';

/** What the development sign-in page offers for gender ('none': the provider shares no gender). */
export const DEV_GENDERS = ['male', 'female', 'other', 'none'] as const;

/** The sign-in page's fields as typed (what the page shows again after a mistake). */
export type DevSignInValues = {
  email: string;
  given_name: string;
  family_name: string;
  gender: string;
  birthdate: string;
  email_verified: boolean;
};

export type DevSignInErrors = Partial<Record<'email' | 'gender' | 'birthdate', string>>;

/** A made-up person: the claims the development provider will vouch for. */
export type DevPerson = {
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthdate: string | null;
};

export const EMPTY_SIGN_IN_VALUES: DevSignInValues = {
  email: '',
  given_name: '',
  family_name: '',
  gender: 'none',
  birthdate: '',
  email_verified: true,
};

const MAX_NAME = 100;
const MAX_EMAIL = 254;
// OpenID Connect's birthdate: YYYY-MM-DD, or the year alone (a date input sends the first).
const BIRTHDATE = /^\d{4}(-\d{2}-\d{2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Reads the posted page: the person, or the values and what is wrong with them. */
export function readDevSignInForm(
  body: unknown,
): { person: DevPerson } | { values: DevSignInValues; errors: DevSignInErrors } {
  const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values: DevSignInValues = {
    email: field(form, 'email'),
    given_name: field(form, 'given_name').slice(0, MAX_NAME),
    family_name: field(form, 'family_name').slice(0, MAX_NAME),
    gender: field(form, 'gender') || 'none',
    birthdate: field(form, 'birthdate'),
    // An unchecked checkbox is not posted at all.
    email_verified: form.email_verified !== undefined,
  };
  const errors: DevSignInErrors = {};
  if (!EMAIL.test(values.email) || values.email.length > MAX_EMAIL) {
    errors.email = 'Enter an email address, like someone@example.com.';
  }
  if (!(DEV_GENDERS as readonly string[]).includes(values.gender)) {
    errors.gender = 'Choose one of the options.';
  }
  if (values.birthdate && !BIRTHDATE.test(values.birthdate)) {
    errors.birthdate = 'Use the form YYYY-MM-DD, or leave it empty.';
  }
  if (Object.keys(errors).length > 0) return { values, errors };
  return {
    person: {
      email: values.email,
      emailVerified: values.email_verified,
      givenName: values.given_name || null,
      familyName: values.family_name || null,
      gender: values.gender === 'none' ? null : (values.gender as DevPerson['gender']),
      birthdate: values.birthdate || null,
    },
  };
}

/** The subject of an email: the same (case-insensitive) email is always the same identity. */
export function devSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `dev-${digest.slice(0, 32)}`;
}

/** The person's standard claims; what a person did not give is left out, as providers do. */
export function devClaims(subject: string, person: DevPerson): AccountClaims {
  const name = [person.givenName, person.familyName].filter(Boolean).join(' ');
  const optional = {
    given_name: person.givenName,
    family_name: person.familyName,
    name: name || null,
    gender: person.gender,
    birthdate: person.birthdate,
  };
  return {
    sub: subject,
    email: person.email,
    email_verified: person.emailVerified,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
  };
}
