import { z } from 'zod';
import { Password, PASSWORD_MIN } from '@resonant/contracts/auth';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  APP_ADMIN_CANNOT_JOIN_MESSAGE,
  AddUserEmail,
  IMPORT_COLUMNS,
  IMPORT_DONE_MESSAGE,
  IMPORT_FAILED_LIST_MAX,
  IMPORT_INVALID_DATA_MESSAGE,
  IMPORT_NOT_TEXT_MESSAGE,
  type ImportFailure,
  type ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { csvSafe } from '@resonant/contracts/csv-safety';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@resonant/contracts/passwords';
import { BirthDate, FirstName, GENDERS, GenderField, LastName } from '@resonant/contracts/profile';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { CsvFormatError, csvRecords } from '../../lib/csv-records.ts';
import { isTooCommon } from '../../lib/password-policy.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { requireUsersScope, type TenantScope, type UsersScope } from '../../kernel/scope.ts';
import { enrolUsers, type EnrolDeps, type EnrolRow } from './enrol-users.ts';
import { findOrgDomain, listOrgGroups } from './org-users.queries.ts';

/** Rows enrolled per transaction: large files go through in steps, never all at once. */
export const IMPORT_BATCH_SIZE = 500;

export type ImportFile = { fileName: string; content: Buffer; domain?: string };

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A data row checked with the Add User rules (SPEC §5), after the column mapping. */
const ImportRow = z.object({
  firstName: z.preprocess(trimmed, FirstName),
  lastName: z.preprocess(trimmed, LastName),
  email: z.preprocess(trimmed, AddUserEmail),
  gender: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? (GENDERS.find((gender) => gender.toLowerCase() === value.trim().toLowerCase()) ?? value)
        : value,
    GenderField,
  ),
  birthDate: z.preprocess(trimmed, BirthDate),
  // Passwords are taken as typed (spaces included); an empty cell means "no password".
  password: z.preprocess(
    (value) => (value === '' ? null : value),
    Password.refine(
      // A password the length rules refuse already has its reason.
      (password) => password.length < PASSWORD_MIN || !isTooCommon(password),
      PASSWORD_TOO_COMMON_MESSAGE,
    ).nullable(),
  ),
});

type ColumnIndex = Map<string, number>;

function normaliseHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function readHeader(cells: string[]): ColumnIndex {
  const index: ColumnIndex = new Map();
  cells.forEach((cell, position) => {
    const name = normaliseHeader(cell);
    if (!index.has(name)) index.set(name, position);
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !index.has(column.name));
  if (missing.length > 0) {
    throw badRequest(
      `The file is missing the column${missing.length > 1 ? 's' : ''}: ` +
        `${missing.map((column) => column.name).join(', ')}. ` +
        `The first line must name the columns: ${IMPORT_COLUMNS.map((c) => c.name).join(',')}`,
    );
  }
  return index;
}

type Checked = { ok: true; row: EnrolRow } | { ok: false; reason: string };

/**
 * One data row turned into an enrolment, or the reasons it cannot be: every Add User rule, the
 * groups named (case-insensitively) among the org's, and never the app admin's account.
 */
function checkRow(
  cells: string[],
  columns: ColumnIndex,
  groupsByName: Map<string, string>,
  defaultGroupId: string,
  appAdminEmail: string,
): Checked {
  const cell = (name: string) => {
    const position = columns.get(name);
    return position === undefined ? '' : (cells[position] ?? '');
  };
  const parsed = ImportRow.safeParse({
    firstName: cell('first_name'),
    lastName: cell('last_name'),
    email: cell('email'),
    gender: cell('gender'),
    birthDate: cell('birth_date'),
    password: cell('password'),
  });
  const reasons = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))];

  const groupIds: string[] = [];
  for (const name of cell('group').split(/[;|]/)) {
    const wanted = name.trim();
    if (!wanted) continue;
    const id = groupsByName.get(wanted.toLowerCase());
    if (id) groupIds.push(id);
    // The name is echoed inside a sentence, never at the start of a cell, so it cannot run.
    else reasons.push(`Unknown group: ${wanted}`);
  }
  if (parsed.success && parsed.data.email === appAdminEmail) {
    reasons.push(APP_ADMIN_CANNOT_JOIN_MESSAGE);
  }
  if (!parsed.success || reasons.length > 0) return { ok: false, reason: reasons.join('; ') };
  // The named groups first (the first is the invitation's group), the Default group always.
  return {
    ok: true,
    row: { ...parsed.data, groupIds: [...new Set([...groupIds, defaultGroupId])] },
  };
}

/**
 * The organisation's groups a file's rows may name, once the file is known to be text and meant
 * for this organisation (404 when the page named another one).
 */
async function importTarget(deps: AppDeps, users: UsersScope, file: ImportFile) {
  // A UTF-16 export or a binary file: no cell of it could be stored (PostgreSQL refuses NUL).
  if (file.content.includes(0)) throw badRequest(IMPORT_NOT_TEXT_MESSAGE);
  if (file.domain?.trim()) {
    // The page names the org it imports into; a switch in another tab must not redirect the rows.
    const domain = await findOrgDomain(deps.db, users);
    if (domain?.toLowerCase() !== file.domain.trim().toLowerCase()) {
      throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    }
  }
  const groups = await listOrgGroups(deps.db, users);
  const defaultGroupId = groups.find((group) => group.isDefault)?.id;
  if (!defaultGroupId) throw new Error(`organisation ${users.orgId} has no Default group`);
  const groupsByName = new Map(groups.map((group) => [group.name.toLowerCase(), group.id]));
  return { defaultGroupId, groupsByName };
}

/**
 * Imports users from a CSV file (SPEC §7 POST /org/users/import) into the caller's organisation.
 * Each row is checked like Add User; good rows are invited as Add User invites (enrol-users.ts)
 * in batches of IMPORT_BATCH_SIZE, bad ones reported in `failed` with the line and reason. People
 * already in the organisation or invited are counted as `skipped` and left untouched, so
 * uploading the same file again changes nothing.
 * Cells are stored as the text they are; an email echoed back goes through csvSafe.
 */
export async function importOrgUsers(
  deps: EnrolDeps,
  scope: TenantScope,
  file: ImportFile,
): Promise<ImportUsersResponse> {
  const users = requireUsersScope(scope, 'import');
  const { defaultGroupId, groupsByName } = await importTarget(deps, users, file);

  const data = { invited: 0, skipped: 0, failedCount: 0, failed: [] as ImportFailure[] };
  const fail = (line: number, email: string, reason: string) => {
    data.failedCount++;
    if (data.failed.length < IMPORT_FAILED_LIST_MAX) {
      data.failed.push({ row: line, email: csvSafe(email.trim()), reason });
    }
  };

  let batch: EnrolRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const outcomes = await enrolUsers(
      deps,
      { orgId: users.orgId, invitedBy: users.accountId },
      batch,
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'invited') data.invited++;
      else data.skipped++;
    }
    batch = [];
  };

  let columns: ColumnIndex | null = null;
  let emailColumn = -1;
  const firstLineOf = new Map<string, number>();
  let rows = 0;
  try {
    for await (const record of csvRecords(file.content)) {
      if (record.cells.every((value) => value.trim() === '')) continue;
      if (!columns) {
        columns = readHeader(record.cells);
        emailColumn = columns.get('email') ?? -1;
        continue;
      }
      rows++;
      const emailCell = record.cells[emailColumn] ?? '';
      const checked = checkRow(
        record.cells,
        columns,
        groupsByName,
        defaultGroupId,
        deps.config.APP_ADMIN_EMAIL,
      );
      if (!checked.ok) {
        fail(record.line, emailCell, checked.reason);
        continue;
      }
      const first = firstLineOf.get(checked.row.email);
      if (first !== undefined) {
        fail(record.line, emailCell, `Duplicate email: also on line ${first}`);
        continue;
      }
      firstLineOf.set(checked.row.email, record.line);
      batch.push(checked.row);
      if (batch.length >= IMPORT_BATCH_SIZE) await flush();
    }
  } catch (error) {
    // A quote never closed: the rows before it are in, the rest cannot be told apart into rows.
    if (!(error instanceof CsvFormatError) || !columns) throw error;
    rows++;
    fail(error.line, '', `${error.problem}; the rest of the file was not read`);
  }
  if (!columns) throw badRequest('The file is empty');
  if (rows === 0) throw badRequest('The file has no users: add one row per user below the header');
  await flush();

  await audit(deps.db, scope, 'org-users.import', users.orgId, {
    file: csvSafe(file.fileName),
    rows,
    invited: data.invited,
    skipped: data.skipped,
    failed: data.failedCount,
  });
  // Reported with the same message whenever a row failed, the spec's "Failed import" case; the
  // good rows are in nonetheless.
  const message = data.failedCount > 0 ? IMPORT_INVALID_DATA_MESSAGE : IMPORT_DONE_MESSAGE;
  return { message, data };
}
