import { describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import {
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
} from '@resonant/contracts/organizations';
import { ApiError } from '../../lib/api-error.ts';
import {
  addOrganizationFailure,
  deleteOrganizationQuestion,
  renameOrganizationFailure,
} from './organization-display.ts';

const group = (name: string) => ({ group_id: name, group_name: name, is_default: false });

describe('deleteOrganizationQuestion', () => {
  it('names the organization and what deleting it removes', () => {
    expect(
      deleteOrganizationQuestion({
        name: 'Acme Health',
        groups: [group('Default'), group('Night'), group('Day')],
        members_count: 12,
        readings_count: 340,
        sessions_count: 56,
      }),
    ).toBe(
      "Delete Acme Health? This permanently deletes its 3 groups, 12 members' memberships, " +
        '340 readings and 56 sessions. Members keep their accounts.',
    );
  });

  it('speaks of one of each in the singular', () => {
    expect(
      deleteOrganizationQuestion({
        name: 'Solo',
        groups: [group('Default')],
        members_count: 1,
        readings_count: 1,
        sessions_count: 0,
      }),
    ).toBe(
      "Delete Solo? This permanently deletes its 1 group, 1 member's membership, 1 reading and " +
        '0 sessions. Members keep their accounts.',
    );
  });
});

describe('addOrganizationFailure', () => {
  it('puts a taken name under Name and the app admin email under Email', () => {
    expect(
      addOrganizationFailure(new ApiError(409, { message: ORGANIZATION_NAME_TAKEN_MESSAGE })),
    ).toEqual({ field: 'name', message: ORGANIZATION_NAME_TAKEN_MESSAGE });
    expect(
      addOrganizationFailure(new ApiError(409, { message: APP_ADMIN_NOT_ORG_ADMIN_MESSAGE })),
    ).toEqual({ field: 'email', message: APP_ADMIN_NOT_ORG_ADMIN_MESSAGE });
  });

  it('puts a field the server names under that field', () => {
    expect(
      addOrganizationFailure(new ApiError(400, { message: 'email: Invalid email address' })),
    ).toEqual({ field: 'email', message: 'Invalid email address' });
    expect(
      addOrganizationFailure(
        new ApiError(400, {
          message: 'password: could not be decrypted; reload the page and try again',
        }),
      ),
    ).toEqual({
      field: 'password',
      message: 'could not be decrypted; reload the page and try again',
    });
    expect(addOrganizationFailure(new ApiError(400, { message: 'uniqueName: too long' }))).toEqual({
      field: 'name',
      message: 'too long',
    });
  });

  it('leaves anything else to the whole form', () => {
    expect(addOrganizationFailure(new ApiError(400, { message: 'foo: bar' }))).toEqual({
      field: null,
      message: 'foo: bar',
    });
    expect(addOrganizationFailure(new ApiError(500, { message: 'Something broke' }))).toEqual({
      field: null,
      message: 'Something broke',
    });
    expect(addOrganizationFailure(new ApiError(0, undefined))).toEqual({
      field: null,
      message: FALLBACK_ERROR_MESSAGE,
    });
    expect(addOrganizationFailure(new Error('x'))).toEqual({
      field: null,
      message: FALLBACK_ERROR_MESSAGE,
    });
  });
});

describe('renameOrganizationFailure', () => {
  it('puts a taken or refused name under the field, anything else for the form', () => {
    expect(
      renameOrganizationFailure(new ApiError(409, { message: ORGANIZATION_NAME_TAKEN_MESSAGE })),
    ).toEqual({ field: 'name', message: ORGANIZATION_NAME_TAKEN_MESSAGE });
    expect(renameOrganizationFailure(new ApiError(400, { message: 'name: Too short' }))).toEqual({
      field: 'name',
      message: 'Too short',
    });
    expect(
      renameOrganizationFailure(new ApiError(404, { message: 'Organization not found' })),
    ).toEqual({ field: null, message: 'Organization not found' });
  });
});
