import { describe, expect, it } from 'vitest';
import { ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE } from '@resonant/contracts/invitations';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { inviteFieldsFor, inviteGroupOptions } from './invite-rules.ts';

const ORG_ID = '0b7f6d2e-1c4a-4f7e-9a3b-2d5c8e1f4a6b';
const GROUP_ID = '5e2a9c1d-7b3f-4e8a-b6d4-9f1c3a7e2b5d';

const filled = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  role: 'user' as const,
  orgId: null,
  groupId: null,
};

describe('inviteFieldsFor (SPEC §5 "Invite")', () => {
  it('requires the organization and the group in admin mode', () => {
    expect(zodResolver(inviteFieldsFor('admin'))(filled)).toEqual({
      orgId: 'This field is required',
      groupId: 'This field is required',
    });
  });

  it('requires the group in org mode, and no id in group mode', () => {
    expect(zodResolver(inviteFieldsFor('org'))(filled)).toEqual({
      groupId: 'This field is required',
    });
    expect(zodResolver(inviteFieldsFor('group'))(filled)).toEqual({});
  });

  it('shows every message at once, the names and email with the id', () => {
    const errors = zodResolver(inviteFieldsFor('org'))({
      ...filled,
      firstName: ' ',
      lastName: 'x'.repeat(51),
      email: 'not an email',
    });
    expect(errors).toEqual({
      firstName: 'This field is required',
      lastName: 'Last name must be at most 50 characters',
      email: 'Please enter a valid email.',
      groupId: 'This field is required',
    });
  });

  it('refuses the Organization Admin role in group mode only', () => {
    const asOrgAdmin = { ...filled, role: 'org' as const, groupId: GROUP_ID };
    expect(zodResolver(inviteFieldsFor('group'))(asOrgAdmin)).toEqual({
      role: ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE,
    });
    expect(zodResolver(inviteFieldsFor('org'))(asOrgAdmin)).toEqual({});
  });

  it('gives the body trimmed, with the email lower-cased', () => {
    const body = inviteFieldsFor('admin').parse({
      ...filled,
      firstName: ' Ada ',
      orgId: ORG_ID,
      groupId: GROUP_ID,
    });
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'user',
      orgId: ORG_ID,
      groupId: GROUP_ID,
    });
  });
});

describe('inviteGroupOptions', () => {
  const groups = [
    { id: 'd', name: 'Default', is_default: true },
    { id: 'n', name: 'night shift', is_default: false },
    { id: 'a', name: 'Alpha', is_default: false },
  ];

  it('lists the groups by name and the Default group last', () => {
    expect(inviteGroupOptions(groups, 'user')).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'n', label: 'night shift' },
      { value: 'd', label: 'Default' },
    ]);
    expect(inviteGroupOptions([], 'user')).toEqual([]);
  });

  it('offers a Group Admin every group but Default, which has none', () => {
    expect(inviteGroupOptions(groups, 'group')).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'n', label: 'night shift' },
    ]);
    expect(inviteGroupOptions(groups, 'org').at(-1)).toEqual({ value: 'd', label: 'Default' });
  });
});
