import { Readable } from 'node:stream';
import { EXPORT_FILES, exportFhirFileName, exportZipFileName } from '@resonant/contracts/my-data';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import {
  READINGS_EXPORT_COLUMNS,
  SESSIONS_EXPORT_COLUMNS,
  readingCsv,
  readingJson,
  sessionCsv,
  sessionJson,
} from './export-records.ts';
import { csvFile, jsonArray, zipArchive, type ArchiveFile } from './export-streams.ts';
import { bundleHead, observationEntry, patientEntry, type FhirPerson } from './fhir-mapping.ts';
import {
  ownProfile,
  ownReadingsPage,
  ownSessionsPage,
  readingTagsOf,
  sessionMinutesOf,
  sessionTagsOf,
  type RowKey,
} from './my-data.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A download: its file name and its content, produced as the client reads it. */
export type Download = { fileName: string; body: Readable };

/**
 * Rows per statement. A reading with its RR series is ~300 beats (a few KB) and at most 200,000;
 * 100 of them keep a page small in the common case. Sessions carry minutes and samples: 50.
 */
const READINGS_WITH_RR_PAGE = 100;
const READINGS_PAGE = 1000;
const SESSIONS_PAGE = 50;

async function* readingPages(db: Database, accountId: string, withRr: boolean) {
  const limit = withRr ? READINGS_WITH_RR_PAGE : READINGS_PAGE;
  let after: RowKey | undefined;
  for (;;) {
    const rows = await ownReadingsPage(db, accountId, { limit, after, withRr });
    const last = rows.at(-1);
    if (!last) return;
    const tags = await readingTagsOf(
      db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => ({ row, tags: tags.get(row.id) ?? [] }));
    if (rows.length < limit) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

async function* sessionPages(db: Database, accountId: string) {
  let after: RowKey | undefined;
  for (;;) {
    const rows = await ownSessionsPage(db, accountId, { limit: SESSIONS_PAGE, after });
    const last = rows.at(-1);
    if (!last) return;
    const ids = rows.map((row) => row.id);
    const [tags, minutes] = await Promise.all([sessionTagsOf(db, ids), sessionMinutesOf(db, ids)]);
    yield rows.map((row) => ({
      row,
      tags: tags.get(row.id) ?? [],
      minutes: minutes.filter((minute) => minute.sessionId === row.id),
    }));
    if (rows.length < SESSIONS_PAGE) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, present: (item: T) => U) {
  for await (const page of pages) yield page.map(present);
}

/** The person, or an error: the session's account always has a profile. */
async function personOf(db: Database, accountId: string) {
  const person = await ownProfile(db, accountId);
  if (!person) throw new Error(`Account ${accountId} has no profile`);
  return person;
}

/** The Bundle as text: its head, the Patient, then one Observation per reading, page by page. */
function fhirBundleStream(db: Database, person: FhirPerson, at: Date): Readable {
  async function* text(): AsyncGenerator<string> {
    const head = JSON.stringify(bundleHead(at));
    yield `${head.slice(0, -1)},"entry":[\n${JSON.stringify(patientEntry(person))}`;
    for await (const page of readingPages(db, person.accountId, false)) {
      const entries = page.map(({ row }) =>
        JSON.stringify(observationEntry(person.accountId, row)),
      );
      yield `,\n${entries.join(',\n')}`;
    }
    yield '\n]}\n';
  }
  return Readable.from(text(), { objectMode: false });
}

function readmeText(at: Date): string {
  const lines = EXPORT_FILES.map((file) => `${file.name}\n  ${file.description}`);
  return [
    `Your Resonant data, exported ${at.toISOString()}.`,
    '',
    'Times are UTC (ISO 8601). RR intervals are in milliseconds, in recording order. A metric',
    'that could not be computed is null in JSON and empty in CSV.',
    '',
    ...lines,
    '',
  ].join('\n');
}

/** The files of the archive, in EXPORT_FILES order, each read from the database when reached. */
function archiveFiles(db: Database, person: FhirPerson & { createdAt: Date }, at: Date) {
  const { accountId } = person;
  const profile = {
    exportedAt: at.toISOString(),
    account: { id: accountId, email: person.email, createdAt: person.createdAt.toISOString() },
    profile: {
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      birthDate: person.birthDate,
    },
  };
  const opens: Record<string, () => Readable> = {
    'README.txt': () => Readable.from([readmeText(at)]),
    'profile.json': () => Readable.from([`${JSON.stringify(profile, null, 2)}\n`]),
    'readings.json': () =>
      jsonArray(mapPages(readingPages(db, accountId, true), (r) => readingJson(r.row, r.tags))),
    'readings.csv': () =>
      csvFile(
        READINGS_EXPORT_COLUMNS,
        mapPages(readingPages(db, accountId, false), (r) => readingCsv(r.row, r.tags)),
      ),
    'sessions.json': () =>
      jsonArray(
        mapPages(sessionPages(db, accountId), (s) => sessionJson(s.row, s.tags, s.minutes)),
      ),
    'sessions.csv': () =>
      csvFile(
        SESSIONS_EXPORT_COLUMNS,
        mapPages(sessionPages(db, accountId), (s) => sessionCsv(s.row, s.tags, s.minutes.length)),
      ),
    'fhir-bundle.json': () => fhirBundleStream(db, person, at),
  };
  return EXPORT_FILES.map(({ name }): ArchiveFile => ({ name, open: opens[name]! }));
}

/**
 * GET /api/v1/export: everything of the caller's own (profile, readings, sessions, FHIR Bundle)
 * as one streamed ZIP, audited as `account.export` before the first byte.
 */
export async function exportArchive({ db, clock }: Deps, scope: TenantScope): Promise<Download> {
  const at = clock();
  const person = await personOf(db, scope.accountId);
  // The person's own data across organisations: filed platform-level, not in one org's log.
  const actor = { orgId: null, accountId: scope.accountId, ip: scope.ip };
  await audit(db, actor, 'account.export', scope.accountId, { format: 'zip' });
  return { fileName: exportZipFileName(at), body: zipArchive(archiveFiles(db, person, at), at) };
}

/** GET /api/v1/export/fhir: the caller's readings as a streamed FHIR R4 Bundle, audited. */
export async function exportFhirBundle({ db, clock }: Deps, scope: TenantScope): Promise<Download> {
  const at = clock();
  const person = await personOf(db, scope.accountId);
  const actor = { orgId: null, accountId: scope.accountId, ip: scope.ip };
  await audit(db, actor, 'account.export', scope.accountId, { format: 'fhir' });
  return { fileName: exportFhirFileName(at), body: fhirBundleStream(db, person, at) };
}
