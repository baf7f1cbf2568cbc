import { describe, expect, it } from 'vitest';
import type { PendingSocialSignUp } from '@resonant/contracts/social-sign-in';
import { socialSignUpValues } from './social-sign-up-values.ts';

const pending = (claims: Partial<PendingSocialSignUp>): PendingSocialSignUp => ({
  provider: {
    id: 'dev-google',
    kind: 'google',
    label: 'Google-type (development)',
    development: true,
  },
  next: 'sign-up',
  email: 'ada@example.test',
  firstName: '',
  lastName: '',
  gender: null,
  birthDate: null,
  redirectTo: null,
  ...claims,
});

describe('socialSignUpValues', () => {
  it('prefills what the provider shared', () => {
    expect(
      socialSignUpValues(
        pending({
          firstName: 'Ada',
          lastName: 'Lovelace',
          gender: 'Female',
          birthDate: '1990-05-17',
        }),
      ),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'Female',
      birthDate: '1990-05-17',
    });
  });

  it('leaves empty what it did not share, for the person to fill in', () => {
    expect(socialSignUpValues(pending({}))).toEqual({
      firstName: '',
      lastName: '',
      gender: null,
      birthDate: null,
    });
  });

  it('trims names and drops a date of birth the form would refuse', () => {
    const values = socialSignUpValues(
      pending({ firstName: '  Ada ', lastName: ' Lovelace', birthDate: '2999-01-01' }),
    );
    expect(values).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', birthDate: null });
    expect(socialSignUpValues(pending({ birthDate: '1990-02-30' })).birthDate).toBeNull();
  });
});
