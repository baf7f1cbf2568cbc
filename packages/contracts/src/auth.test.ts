import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SignInBody, SignUpBody } from './auth.ts';

const validSignUp = {
  email: 'Ada.Lovelace@Example.test',
  password: 'Secret#123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'Female',
  birthDate: '1990-12-10',
};

/** The message the form shows for a field: the first issue on it, or undefined when it is valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function without(field: string) {
  return Object.fromEntries(Object.entries(validSignUp).filter(([key]) => key !== field));
}

function isoDate(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('SignUpBody', () => {
  it('accepts a complete sign-up and lower-cases the email', () => {
    const parsed = SignUpBody.parse(validSignUp);
    expect(parsed.email).toBe('ada.lovelace@example.test');
    expect(parsed).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female' });
  });

  // SPEC §5, verbatim.
  const cases: [field: string, value: unknown, message: string][] = [
    ['firstName', undefined, 'First Name is required'],
    ['firstName', '', 'First Name is required'],
    ['firstName', '   ', 'First Name is required'],
    ['lastName', undefined, 'Last Name is required'],
    ['lastName', '', 'Last Name is required'],
    ['gender', undefined, 'Gender is required'],
    ['gender', '', 'Gender is required'],
    ['gender', 'Robot', 'Invalid gender: use Male, Female, Prefer not to disclose or Others'],
    ['birthDate', undefined, 'Date of Birth is required'],
    ['birthDate', '', 'Date of Birth is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'ada@', 'Invalid email address'],
    ['email', undefined, 'Email is required'],
    ['email', '', 'Email is required'],
    ['email', '  ', 'Email is required'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['password', undefined, 'Password is required'],
    ['password', '', 'Password is required'],
  ];

  it.each(cases)('%s = %j -> %s', (field, value, message) => {
    const input = value === undefined ? without(field) : { ...validSignUp, [field]: value };
    expect(messageFor(SignUpBody, input, field)).toBe(message);
  });

  it('accepts every gender of the spec', () => {
    for (const gender of ['Male', 'Female', 'Prefer not to disclose', 'Others']) {
      expect(SignUpBody.safeParse({ ...validSignUp, gender }).success).toBe(true);
    }
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(messageFor(SignUpBody, { ...validSignUp, password: '12345678' }, 'password')).toBe(
      undefined,
    );
  });

  it('refuses a birth date in the future, and one that does not exist', () => {
    for (const birthDate of [isoDate(3), '2999-01-01', '1990-02-30', '10/12/1990']) {
      const message = messageFor(SignUpBody, { ...validSignUp, birthDate }, 'birthDate');
      expect(message, birthDate).toBeDefined();
      expect(message).not.toBe('Date of Birth is required');
    }
  });

  it('accepts a birth date of today and of the past', () => {
    for (const birthDate of [isoDate(0), isoDate(-1), '1950-06-30']) {
      expect(messageFor(SignUpBody, { ...validSignUp, birthDate }, 'birthDate'), birthDate).toBe(
        undefined,
      );
    }
  });
});

describe('SignInBody', () => {
  const valid = { email: 'Ada@Example.test', password: 'x'.repeat(6) };

  it('accepts an email and a password, lower-casing the email', () => {
    expect(SignInBody.parse(valid)).toEqual({ email: 'ada@example.test', password: 'xxxxxx' });
  });

  const cases: [field: string, value: unknown, message: string][] = [
    ['email', 'nope', 'Invalid email address'],
    ['email', '', 'Email is required'],
    ['email', undefined, 'Email is required'],
    // Sign-in checks a password it already has against its hash: an older, shorter one works.
    ['password', '', 'Password is required'],
    ['password', undefined, 'Password is required'],
  ];

  it.each(cases)('%s = %j -> %s', (field, value, message) => {
    const input =
      value === undefined
        ? Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field))
        : { ...valid, [field]: value };
    expect(messageFor(SignInBody, input, field)).toBe(message);
  });
});
