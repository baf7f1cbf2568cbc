import { describe, expect, it } from 'vitest';
import { SignUpBody } from '@resonant/contracts/auth';
import { zodResolver } from './zod-resolver.ts';

const validSignUp = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'Female',
  birthDate: '1990-05-17',
  email: 'ada@example.com',
  password: 'Secret#1',
};

describe('zodResolver with the auth contracts', () => {
  it('gives the SPEC §5 message of every empty sign-up field', () => {
    const errors = zodResolver(SignUpBody)({
      firstName: '',
      lastName: '',
      gender: null,
      birthDate: null,
      email: '',
      password: '',
    });
    expect(errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      gender: 'Gender is required',
      birthDate: 'Date of Birth is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('tells a malformed email and a short password apart from missing ones', () => {
    const errors = zodResolver(SignUpBody.pick({ email: true, password: true }))({
      email: 'not-an-email',
      password: 'abc',
    });
    expect(errors).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('has no errors for valid values', () => {
    expect(zodResolver(SignUpBody)(validSignUp)).toEqual({});
  });

  it('rejects a birth date in the future', () => {
    const errors = zodResolver(SignUpBody)({ ...validSignUp, birthDate: '2999-01-01' });
    expect(Object.keys(errors)).toEqual(['birthDate']);
  });
});
