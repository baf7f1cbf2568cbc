import { describe, expect, it } from 'vitest';
import {
  AddUserFields,
  EditUserFields,
  OrgUsersQuery,
  RequiredGroupIds,
  csvLine,
} from './org-users.ts';
import { csvSafe } from './csv-safety.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'Secret#1',
  gender: 'Female',
  birthDate: '1990-05-17',
  groupIds: ['0b9d5b1e-6d7e-4f51-9d4e-6f1c1b0a2c3d'],
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('AddUserFields (SPEC §5 Add User)', () => {
  it('accepts a valid user, lower-cases the email and defaults groups to none', () => {
    const parsed = AddUserFields.parse({ ...valid, groupIds: undefined });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.groupIds).toEqual([]);
  });

  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['firstName', '', 'First Name is required'],
    ['firstName', 'x'.repeat(101), 'First Name must be at most 100 characters'],
    ['lastName', ' ', 'Last Name is required'],
    ['lastName', 'y'.repeat(101), 'Last Name must be at most 100 characters'],
    ['email', '', 'Email is required'],
    ['email', 'ada@', 'Please enter a valid email.'],
    ['email', `${'a'.repeat(39)}@example.com`, 'Email must be at most 50 characters'],
    ['password', '', 'Password is required'],
    ['password', 'Ab#1', 'Password must be at least 8 characters'],
    ['gender', null, 'Gender is required'],
    ['birthDate', '', 'Date of Birth is required'],
    ['birthDate', tomorrow, 'Date of Birth must be a valid date, not in the future'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(firstMessage(AddUserFields.safeParse({ ...valid, [field]: value }))).toBe(message);
  });

  it('needs at least one group when groups are required (org mode)', () => {
    expect(firstMessage(RequiredGroupIds.safeParse([]))).toBe('Please select at least one option');
    expect(RequiredGroupIds.safeParse(valid.groupIds).success).toBe(true);
  });

  it('an email of exactly 50 characters is allowed', () => {
    const email = `${'a'.repeat(38)}@example.com`;
    expect(email).toHaveLength(50);
    expect(AddUserFields.safeParse({ ...valid, email }).success).toBe(true);
  });
});

describe('EditUserFields (SPEC §5 Edit User)', () => {
  it('needs names, gender and date of birth; groups and admin flag are optional', () => {
    const { firstName, lastName, gender, birthDate } = valid;
    expect(EditUserFields.safeParse({ firstName, lastName, gender, birthDate }).success).toBe(true);
    expect(firstMessage(EditUserFields.safeParse({ firstName, lastName, gender }))).toBe(
      'Date of Birth is required',
    );
  });
});

describe('OrgUsersQuery', () => {
  it('defaults to every member, the first page of 10, in the list’s own order', () => {
    expect(OrgUsersQuery.parse({})).toEqual({ type: 'all', order: 'asc', limit: 10, offset: 0 });
    expect(OrgUsersQuery.parse({ limit: '50', offset: '100', type: 'internal' })).toMatchObject({
      limit: 50,
      offset: 100,
      type: 'internal',
    });
  });
});

describe('csvSafe and csvLine (CSV injection)', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+31 6 1234', "'+31 6 1234"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['Ada', 'Ada'],
    ['ada@example.com', 'ada@example.com'],
    ['', ''],
    ["'=already", "'=already"],
  ])('%j -> %j', (value, safe) => {
    expect(csvSafe(value)).toBe(safe);
  });

  it('quotes cells with delimiters, quotes or line breaks after making them safe', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '=x,y'])).toBe(
      '"a,b","say ""hi""","two\nlines","\'=x,y"',
    );
  });
});
