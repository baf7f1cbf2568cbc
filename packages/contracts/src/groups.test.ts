import { describe, expect, it } from 'vitest';
import { CreateGroupBody, GroupName, GroupUsersQuery, sameGroupName } from './groups.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('GroupName (SPEC §5 "Group name")', () => {
  it.each(['Night Shift', 'Team_2', 'a-b c', 'Équipe Nord', 'x'.repeat(50), '  padded  '])(
    'accepts %j',
    (name) => {
      expect(GroupName.safeParse(name).success).toBe(true);
    },
  );

  it('trims the name', () => {
    expect(GroupName.parse('  Night Shift ')).toBe('Night Shift');
  });

  it.each([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['x'.repeat(51), 'Group name must be at most 50 characters'],
    ['Team!', 'Invalid characters'],
    ['a/b', 'Invalid characters'],
    ['tab\there', 'Invalid characters'],
    ['Default', 'Default is a reserved group name'],
    [' DEFAULT ', 'Default is a reserved group name'],
  ])('refuses %j with %j', (name, message) => {
    expect(firstMessage(GroupName.safeParse(name))).toBe(message);
  });

  it('compares names ignoring case and surrounding spaces', () => {
    expect(sameGroupName('Alpha', ' alpha ')).toBe(true);
    expect(sameGroupName('Alpha', 'Alpha 2')).toBe(false);
  });
});

describe('CreateGroupBody', () => {
  it('needs at least one admin', () => {
    expect(firstMessage(CreateGroupBody.safeParse({ name: 'Team', adminUserIds: [] }))).toBe(
      'Please select at least one option',
    );
  });
});

describe('GroupUsersQuery', () => {
  it('reads addAdmins as a boolean and trims the keyword', () => {
    const groupId = '4b6f1f4e-3c1d-4a51-9d51-7c1b2f3e4d5a';
    expect(GroupUsersQuery.parse({ groupId, addAdmins: 'true', keyword: ' ann ' })).toEqual({
      groupId,
      addAdmins: true,
      keyword: 'ann',
    });
  });
});
