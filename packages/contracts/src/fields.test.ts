import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListSort, PersonName } from './fields.ts';
import { InviteFields } from './invitations.ts';
import { AddUserFields } from './org-users.ts';
import { SignUpBody } from './auth.ts';
import { FirstName, LastName } from './profile.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('PersonName (SPEC §5 "name": letters, digits, _, space and -)', () => {
  const name = PersonName('First Name', 10);

  it.each(['Bob', 'Ann-Marie', 'Mary Jo', 'Ólafur', 'Zoë', 'Ivan_2', '李'])(
    'accepts %j',
    (text) => {
      expect(name.safeParse(text).success).toBe(true);
    },
  );

  it.each([
    ['Bob!', 'Invalid characters'],
    ['O’Hara', 'Invalid characters'],
    ['<b>', 'Invalid characters'],
    ['=SUM(A1)', 'Invalid characters'],
    ['a\nb', 'Invalid characters'],
    ['', 'First Name is required'],
    ['   ', 'First Name is required'],
    ['x'.repeat(11), 'First Name must be at most 10 characters'],
  ])('refuses %j with only %j', (text, message) => {
    expect(messages(name.safeParse(text))).toEqual([message]);
  });

  it('is the rule of every person-name field: profile, sign-up, Add User and Invite', () => {
    expect(messages(FirstName.safeParse('Bob!'))).toEqual(['Invalid characters']);
    expect(messages(LastName.safeParse('Bob!'))).toEqual(['Invalid characters']);
    for (const schema of [SignUpBody, AddUserFields, InviteFields]) {
      const shape = schema.shape as { firstName: z.ZodType; lastName: z.ZodType };
      expect(messages(shape.firstName.safeParse('Bob!'))).toEqual(['Invalid characters']);
      expect(messages(shape.lastName.safeParse('Bob!'))).toEqual(['Invalid characters']);
    }
  });
});

describe('ListSort', () => {
  const query = z.object(ListSort(['name', 'email']));

  it('takes one of the columns and a direction, ascending by default', () => {
    expect(query.parse({})).toEqual({ order: 'asc' });
    expect(query.parse({ sort: 'email', order: 'desc' })).toEqual({ sort: 'email', order: 'desc' });
  });

  it('refuses another column or direction', () => {
    expect(messages(query.safeParse({ sort: 'password' }))).toEqual(['Must be one of name, email']);
    expect(messages(query.safeParse({ order: 'up' }))).toEqual(['Must be asc or desc']);
  });
});
