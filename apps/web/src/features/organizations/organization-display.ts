import { ApiError } from '../../lib/api-error.ts';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import {
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  type AddOrganizationFields,
  type OrganizationSummary,
} from '@resonant/contracts/organizations';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The question before deleting an organization: what goes, and that the accounts stay. */
export function deleteOrganizationQuestion(
  org: Pick<
    OrganizationSummary,
    'name' | 'groups' | 'members_count' | 'readings_count' | 'sessions_count'
  >,
): string {
  const groups = count(org.groups.length, 'group', 'groups');
  const members = count(org.members_count, "member's membership", "members' memberships");
  const readings = count(org.readings_count, 'reading', 'readings');
  const sessions = count(org.sessions_count, 'session', 'sessions');
  return (
    `Delete ${org.name}? This permanently deletes its ${groups}, ${members}, ${readings} and ` +
    `${sessions}. Members keep their accounts.`
  );
}

type AddOrganizationField = keyof AddOrganizationFields;

const FIELDS: readonly AddOrganizationField[] = [
  'name',
  'first_name',
  'last_name',
  'email',
  'gender',
  'dob',
  'password',
];

/** Where a refusal of Add Organization is shown: under one field, or above the buttons. */
export type FormFailure<Field extends string> = { field: Field | null; message: string };

/**
 * A refused Add Organization, placed in the form (SPEC §8 "inline in the form"): a taken name
 * under Name, the app admin's own email under Email, a field the server names (`email: …`) under
 * that field, anything else for the whole form.
 */
export function addOrganizationFailure(error: unknown): FormFailure<AddOrganizationField> {
  if (!(error instanceof ApiError)) return { field: null, message: FALLBACK_ERROR_MESSAGE };
  const { message } = error;
  if (message === ORGANIZATION_NAME_TAKEN_MESSAGE) return { field: 'name', message };
  if (message === APP_ADMIN_NOT_ORG_ADMIN_MESSAGE) return { field: 'email', message };
  const named = fieldMessage(error);
  if (named) {
    const field = named.field === 'uniqueName' ? 'name' : named.field;
    if ((FIELDS as readonly string[]).includes(field)) {
      return { field: field as AddOrganizationField, message: named.message };
    }
  }
  return { field: null, message };
}

/** A refused rename: a taken or invalid name under the field, anything else for the form. */
export function renameOrganizationFailure(error: unknown): FormFailure<'name'> {
  if (!(error instanceof ApiError)) return { field: null, message: FALLBACK_ERROR_MESSAGE };
  if (error.message === ORGANIZATION_NAME_TAKEN_MESSAGE) {
    return { field: 'name', message: error.message };
  }
  const named = fieldMessage(error);
  if (named?.field === 'name') return { field: 'name', message: named.message };
  return { field: null, message: error.message };
}

/** A 400 of the API's validation names the field first: 'email: Invalid email address'. */
function fieldMessage(error: ApiError): { field: string; message: string } | null {
  if (error.status !== 400) return null;
  const match = /^([A-Za-z_]+): (.+)$/s.exec(error.message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}
