import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_CSV_ONLY_MESSAGE,
  IMPORT_MAX_BYTES,
  IMPORT_NOT_TEXT_MESSAGE,
  type ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@resonant/contracts/passwords';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { UploadFile } from '../../../test/multipart-body.ts';
import { createAccount, type createOrg } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';

const HEADER = 'first_name,last_name,email,gender,birth_date,group,password';

describe('POST /api/org/users/import', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createOrg>>;
  let engineering: { id: string };
  let outsiderId = '';
  const token = { orgAdmin: '', groupAdmin: '', member: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    const importOrg = await buildOrg(t, {
      name: 'Import Org',
      groups: ['Engineering'],
      people: {
        orgAdmin: { orgAdmin: true },
        groupAdmin: { adminOf: ['Engineering'] },
        member: { groups: ['Default'] },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'member'],
    });
    const other = await buildOrg(t, {
      name: 'Import Other Org',
      people: { outsider: { email: 'otto.outsider@example.test', password: 'Outside#1' } },
    });
    org = importOrg;
    engineering = importOrg.groups.Engineering;
    outsiderId = other.ids.outsider;
    await createAccount(t.db, { email: APP_ADMIN_EMAIL });
    Object.assign(token, importOrg.tokens);
  });
  afterAll(() => t.close());

  // The CSV import's files are text/csv unless a test says otherwise.
  const upload = (
    bearer: string | undefined,
    files: UploadFile[],
    fields?: Record<string, string>,
  ) =>
    t.upload(
      '/api/org/users/import',
      bearer,
      files.map((file) => ({ type: 'text/csv', ...file })),
      fields,
    );
  const csv = (lines: string[], header = HEADER) => [header, ...lines].join('\n') + '\n';
  const imported = async (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(200);
    return response.json<ImportUsersResponse>();
  };
  /** Imports one file as the org admin, expecting the import to be answered. */
  const importFile = async (name: string, content: string) =>
    imported(await upload(token.orgAdmin, [{ name, content }]));
  const accountCount = async (pattern: string) =>
    (await t.db.select({ n: count() }).from(accounts).where(like(accounts.email, pattern)))[0]!.n;
  const membersLike = async (pattern: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(orgMemberships)
        .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
        .where(and(eq(orgMemberships.orgId, org.id), like(accounts.email, pattern)))
    )[0]!.n;
  /** The profiles the import typed: of the accounts it made for the invitations it sent. */
  const listed = async (search: string) =>
    t.db
      .select({
        user_id: accounts.id,
        first_name: profiles.firstName,
        last_name: profiles.lastName,
        full_name: sql<string>`${profiles.firstName} || ' ' || ${profiles.lastName}`,
        gender: profiles.gender,
        birth_date: profiles.birthDate,
        groupIds: sql<string[]>`array_prepend(${invitations.groupId}, ${invitations.moreGroupIds})`,
      })
      .from(invitations)
      .innerJoin(accounts, eq(sql`lower(${accounts.email})`, invitations.email))
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(
        and(
          eq(invitations.orgId, org.id),
          eq(invitations.status, 'pending'),
          like(invitations.email, `%${search}%`),
        ),
      );
  const invitedLike = async (pattern: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.orgId, org.id), like(invitations.email, pattern)))
    )[0]!.n;

  it('answers 401 signed out and 403 to a group admin or a member', async () => {
    const file = [{ name: 'users.csv', content: csv(['A,B,a.b@example.test,Male,1990-01-01,,']) }];
    expect((await upload(undefined, file)).statusCode).toBe(401);
    expect((await upload(token.groupAdmin, file)).statusCode).toBe(403);
    const member = await upload(token.member, file);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: expect.any(String) });
    expect(await accountCount('a.b@%')).toBe(0);
  });

  it('accepts only .csv files', async () => {
    for (const name of ['users.xlsx', 'users.csv.txt', 'users']) {
      const response = await upload(token.orgAdmin, [
        { name, content: csv(['A,B,not.csv@example.test,Male,1990-01-01,,']) },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: IMPORT_CSV_ONLY_MESSAGE });
    }
    expect(await accountCount('not.csv@%')).toBe(0);
  });

  it('imports the good rows and lists the bad one with its reason', async () => {
    const file = csv([
      'Ada,Lovelace,ada.one@example.test,Female,1985-12-10,Engineering,Analytic#1843',
      'Ben,Okafor,ben.one@example.test,male,1990-01-02,,',
      'Cy,Moreau,not-an-email,Male,1990-01-02,,',
      'Di,Novak,di.one@example.test,Female,1979-07-07,engineering;Default,',
    ]);
    const body = await importFile('team.csv', file);
    expect(body).toEqual({
      message: 'Invalid data',
      data: {
        invited: 3,
        skipped: 0,
        failedCount: 1,
        failed: [{ row: 4, email: 'not-an-email', reason: 'Please enter a valid email.' }],
      },
    });
    const [ada] = await listed('ada.one@');
    expect(ada).toMatchObject({
      full_name: 'Ada Lovelace',
      gender: 'Female',
      birth_date: '1985-12-10',
    });
    const [ben] = await listed('ben.one@');
    expect(ben).toMatchObject({ gender: 'Male' });
    // The groups they join on accepting: the named ones first, Default always.
    expect(ada!.groupIds).toEqual([engineering.id, org.defaultGroupId]);
    expect(ben!.groupIds).toEqual([org.defaultGroupId]);
    expect(await membersLike('%.one@example.test')).toBe(0);
    // A password cell gives the new account that password; an empty one gives it none.
    await expect(t.signIn('ada.one@example.test', 'Analytic#1843')).resolves.toEqual(
      expect.any(String),
    );
    const [benAccount] = await t.db
      .select({ hash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.email, 'ben.one@example.test'));
    expect(benAccount?.hash).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'org-users.import'), eq(auditLog.orgId, org.id)));
    expect(audit?.details).toMatchObject({ file: 'team.csv', rows: 4, invited: 3, failed: 1 });

    // The same file again: nobody is invited twice, the bad row is still reported.
    const again = await importFile('team.csv', file);
    expect(again.data).toEqual({ ...body.data, invited: 0, skipped: 3 });
    expect(await accountCount('%.one@example.test')).toBe(3);
    expect(await invitedLike('%.one@example.test')).toBe(3);
  });

  it('refuses a common password in its row, and makes the others temporary', async () => {
    const body = await importFile(
      'common.csv',
      csv([
        'Cal,Common,cal.common@example.test,Male,1990-01-01,,Password123!',
        'Tom,Temp,tom.temp@example.test,Male,1990-01-01,,Given#Temporary#26',
      ]),
    );
    expect(body.data.failed).toEqual([
      { row: 2, email: 'cal.common@example.test', reason: PASSWORD_TOO_COMMON_MESSAGE },
    ]);
    const [tom] = await t.db
      .select({ temporary: accounts.passwordTemporary })
      .from(accounts)
      .where(eq(accounts.email, 'tom.temp@example.test'));
    expect(tom?.temporary).toBe(true);
  });

  it('checks every row like Add User and says why each failed', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const body = await importFile(
      'rules.csv',
      csv([
        ',Blank,r1@example.test,Male,1990-01-01,,',
        `${'x'.repeat(101)},Long,r2@example.test,Male,1990-01-01,,`,
        `Long,Mail,${'m'.repeat(40)}@example.test,Male,1990-01-01,,`,
        'No,Gender,r4@example.test,Robot,1990-01-01,,',
        `Future,Born,r5@example.test,Male,${future},,`,
        'Bad,Date,r6@example.test,Male,01/02/1990,,',
        'Short,Pass,r7@example.test,Male,1990-01-01,,Ab#1',
        'Lost,Group,r8@example.test,Male,1990-01-01,Marketing,',
        'App,Admin,' + APP_ADMIN_EMAIL + ',Male,1990-01-01,,',
        'Twice,One,twice@example.test,Male,1990-01-01,,',
        'Twice,Two,TWICE@example.test,Male,1990-01-01,,',
        ',,,,,,',
      ]),
    );
    expect(body.data.failed).toEqual([
      { row: 2, email: 'r1@example.test', reason: 'First Name is required' },
      { row: 3, email: 'r2@example.test', reason: 'First Name must be at most 100 characters' },
      {
        row: 4,
        email: `${'m'.repeat(40)}@example.test`,
        reason: 'Email must be at most 50 characters',
      },
      {
        row: 5,
        email: 'r4@example.test',
        reason: 'Invalid gender: use Male, Female, Prefer not to disclose or Others',
      },
      {
        row: 6,
        email: 'r5@example.test',
        reason: 'Date of Birth must be a valid date, not in the future',
      },
      {
        row: 7,
        email: 'r6@example.test',
        reason: 'Date of Birth must be a valid date, not in the future',
      },
      { row: 8, email: 'r7@example.test', reason: 'Password must be at least 8 characters' },
      { row: 9, email: 'r8@example.test', reason: 'Unknown group: Marketing' },
      {
        row: 10,
        email: APP_ADMIN_EMAIL,
        reason: 'The app admin account cannot join an organization',
      },
      { row: 12, email: 'TWICE@example.test', reason: 'Duplicate email: also on line 11' },
    ]);
    expect(body.data).toMatchObject({ invited: 1, failedCount: 10 });
  });

  it('says an unknown gender is invalid and names the allowed ones; a missing one is required', async () => {
    const body = await importFile(
      'genders.csv',
      csv([
        'Robo,Tic,gender.robot@example.test,Robot,1990-01-01,,',
        'No,Gender,gender.none@example.test,,1990-01-01,,',
        'Any,Case,gender.case@example.test, prefer NOT to disclose ,1990-01-01,,',
      ]),
    );
    expect(body.data.failed).toEqual([
      {
        row: 2,
        email: 'gender.robot@example.test',
        reason: 'Invalid gender: use Male, Female, Prefer not to disclose or Others',
      },
      { row: 3, email: 'gender.none@example.test', reason: 'Gender is required' },
    ]);
    expect((await listed('gender.case@'))[0]).toMatchObject({ gender: 'Prefer not to disclose' });
  });

  it('lists a quote never closed as a failed line, keeping the rows before it', async () => {
    const body = await importFile(
      'open-quote.csv',
      csv([
        'Before,Quote,quote.before@example.test,Male,1990-01-01,,',
        '"Open,Quote,quote.open@example.test,Male,1990-01-01,,',
        'After,Quote,quote.after@example.test,Male,1990-01-01,,',
      ]),
    );
    expect(body.data).toMatchObject({ invited: 1, failedCount: 1 });
    expect(body.data.failed).toEqual([
      {
        row: 3,
        email: '',
        reason: 'A quoted cell is never closed (a " is missing); the rest of the file was not read',
      },
    ]);
    expect(await listed('quote.before@')).toHaveLength(1);
    expect(await listed('quote.after@')).toHaveLength(0);
  });

  it('invites an existing account of another organization without changing it', async () => {
    const body = await importFile(
      'existing.csv',
      csv(['Someone,Else,Otto.Outsider@example.test,Male,1990-01-01,,New#Pass1']),
    );
    expect(body).toMatchObject({ message: 'Users imported successfully', data: { invited: 1 } });
    const [row] = await listed('otto.outsider');
    expect(row).toMatchObject({ user_id: outsiderId, first_name: 'Test' });
    expect(await membersLike('otto.outsider@%')).toBe(0);
    await expect(t.signIn('otto.outsider@example.test', 'Outside#1')).resolves.toEqual(
      expect.any(String),
    );
  });

  it('refuses formula names (the name rule), stores a leading - as text, quotes echoed formulas', async () => {
    const body = await importFile(
      'formulas.csv',
      csv([
        '"=HYPERLINK(""http://evil.test"",""x"")",@SUM(A1),formula.one@example.test,Male,1990-01-01,,',
        'Bob!,Bang,formula.bang@example.test,Male,1990-01-01,,',
        'Plus,-Minus,formula.two@example.test,Female,1990-01-01,,',
        'Bad,Email,=1+2,Male,1990-01-01,,',
        'Bad,Email,@cmd,Male,1990-01-01,,',
        'Bad,Email,-2+3,Male,1990-01-01,,',
      ]),
    );
    expect(body.data.invited).toBe(1);
    expect(body.data.failed.slice(0, 2)).toEqual([
      { row: 2, email: 'formula.one@example.test', reason: 'Invalid characters' },
      { row: 3, email: 'formula.bang@example.test', reason: 'Invalid characters' },
    ]);
    expect(body.data.failed.slice(2).map((row) => row.email)).toEqual(["'=1+2", "'@cmd", "'-2+3"]);
    expect(await listed('formula.one@')).toEqual([]);
    const [two] = await listed('formula.two@');
    expect(two).toMatchObject({ first_name: 'Plus', last_name: '-Minus' });
  });

  it('reads headers in any order and case, spreadsheet exports with a BOM, CRLF and ;', async () => {
    const content =
      '\uFEFFEmail;Birth Date;First Name;Last Name;Gender;Note\r\n' +
      'semi.one@example.test;1990-01-01;Semi;Colon;Others;\r\n' +
      'semi.two@example.test;1991-01-01;"Quoted Name";Colon;Prefer not to disclose;"a; b"\r\n';
    const body = await importFile('EXPORT.CSV', content);
    expect(body.data).toMatchObject({ invited: 2, failedCount: 0 });
    expect((await listed('semi.two@'))[0]).toMatchObject({
      first_name: 'Quoted Name',
      last_name: 'Colon',
      gender: 'Prefer not to disclose',
    });
  });

  it('refuses a file without the required columns, or without rows, importing nothing', async () => {
    const missing = await upload(token.orgAdmin, [
      { name: 'names.csv', content: 'first_name,last_name,mail\nA,B,c@example.test\n' },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(
      /^The file is missing the columns: email, gender, birth_date\./,
    );
    const empty = await upload(token.orgAdmin, [{ name: 'empty.csv', content: '' }]);
    expect(empty.statusCode).toBe(400);
    const headerOnly = await upload(token.orgAdmin, [{ name: 'header.csv', content: csv([]) }]);
    expect(headerOnly.statusCode).toBe(400);
    expect((await upload(token.orgAdmin, [])).statusCode).toBe(400);
  });

  it('refuses a file holding NUL characters (not UTF-8 text), importing none of its rows', async () => {
    const rows = csv([
      'Nul,Good,nul.good@example.test,Male,1990-01-01,,',
      'Nu\u0000l,Bad,nul.bad@example.test,Male,1990-01-01,,',
    ]);
    const response = await upload(token.orgAdmin, [{ name: 'nul.csv', content: rows }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: IMPORT_NOT_TEXT_MESSAGE });
    expect(await accountCount('nul.%')).toBe(0);
  });

  it('refuses a domain naming another organization (404) and accepts its own', async () => {
    const file = [
      { name: 'd.csv', content: csv(['Dom,Ain,domain.one@example.test,Male,1990-01-01,,']) },
    ];
    const other = await upload(token.orgAdmin, file, { domain: 'Import-Other-Org' });
    expect(other.statusCode).toBe(404);
    expect(await accountCount('domain.one@%')).toBe(0);
    const own = await upload(token.orgAdmin, file, { domain: 'import-org' });
    expect((await imported(own)).data.invited).toBe(1);
  });

  it('answers 413 for a file over 10 MB and imports none of its rows', async () => {
    const row = 'Big,File,big.%@example.test,Male,1990-01-01,,\n';
    const lines: string[] = [];
    let size = HEADER.length + 1;
    for (let index = 0; size <= IMPORT_MAX_BYTES; index++) {
      const line = row.replace('%', String(index));
      lines.push(line);
      size += line.length;
    }
    const content = `${HEADER}\n${lines.join('')}`;
    expect(content.length).toBeGreaterThan(IMPORT_MAX_BYTES);
    // Just over: read until the limit, then refused.
    const just = await upload(token.orgAdmin, [{ name: 'big.csv', content }]);
    expect(just.statusCode).toBe(413);
    expect(just.json()).toEqual({ message: 'The file is larger than 10 MB' });
    // Far over: refused from the declared length before anything is read.
    const far = await upload(token.orgAdmin, [{ name: 'big.csv', content: content + content }]);
    expect(far.statusCode).toBe(413);
    expect(await accountCount('big.%')).toBe(0);
  });

  it('accepts a file of exactly 10 MB, ignoring columns it does not know and blank lines', async () => {
    const head = `${HEADER},notes\nExact,Size,exact.one@example.test,Male,1990-01-01,,,a note\n`;
    // Blank lines as long as a line may be (10,000 characters with its break) fill the rest.
    const blank = `${' '.repeat(9_999)}\n`;
    const rest = IMPORT_MAX_BYTES - head.length;
    const last = rest % blank.length ? `${' '.repeat((rest % blank.length) - 1)}\n` : '';
    const content = `${head}${blank.repeat(Math.floor(rest / blank.length))}${last}`;
    expect(Buffer.byteLength(content)).toBe(IMPORT_MAX_BYTES);
    const body = await importFile('exact.csv', content);
    expect(body.data.invited).toBe(1);
  });

  it('imports a large file in batches', async () => {
    const lines = Array.from(
      { length: 1203 },
      (_, index) =>
        `Bulk,Member ${index},bulk.${index}@example.test,Female,1990-01-01,Engineering,`,
    );
    const body = await imported(
      await upload(token.orgAdmin, [{ name: 'bulk.csv', content: csv(lines) }]),
    );
    expect(body.data).toEqual({ invited: 1203, skipped: 0, failedCount: 0, failed: [] });
    expect(await invitedLike('bulk.%')).toBe(1203);
    const forEngineering = await t.db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.groupId, engineering.id), like(invitations.email, 'bulk.%')));
    expect(forEngineering[0]!.n).toBe(1203);
  });
});
