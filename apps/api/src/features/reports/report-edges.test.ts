import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberReadingsResponse,
  RawDataResponse,
  SelectedHistoryResponse,
  SessionsAllTimeResponse,
} from '@resonant/contracts/reports';
import type { HrvSession } from '@resonant/contracts/sessions';
import type { Tag, TagsResponse } from '@resonant/contracts/tags';
import { hrvSessions } from '../../db/schema/hrv-sessions.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { readings, tags } from '../../db/schema/readings.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

/*
 * The reports at their edges, in an organisation in Berlin: CSV downloads longer than one batch
 * (1,000 rows) with times sharing a microsecond, daily means across gaps of years, days with a
 * daylight-saving change, formula-looking names split by `;`, upper-case ids, and a database
 * error before the first CSV byte. Recordings go through the real ingestion; the long ones are
 * copies of an ingested one, their times and RMSSD set by SQL (microseconds no API takes).
 */

const NOW = new Date('2026-07-01T12:00:00Z');
const FORMULA_TAGS = ['=HYPERLINK("http://evil.test","x")', "=cmd|' /C calc'!A0"];
const FORMULA_SESSION = "Calm;=cmd|' /C calc'!A0";
const TIE = '2026-01-10 08:00:00.123456+00';
const TIED = 1001;
const SPREAD = 204;
const DAYS = 1003;
const SESSIONS = 1002;

const rowsOf = (body: string) =>
  parse(body, { columns: true, bom: true }) as Record<string, string>[];

/** Copies rows in chunks (a statement's parameters are limited). */
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 400) {
    await insert(rows.slice(start, start + 400));
  }
}

/** Sorted as the CSV orders rows: by time, then by id (a uuid's order is its lower-case text's). */
const byTimeThenId = (a: { at: number; id: string }, b: { at: number; id: string }) =>
  a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('reports at their edges', () => {
  let t: TestApp;
  let orgId = '';
  const token = { orgAdmin: '', sol: '' };
  const id = { tia: '', dan: '', dst: '', sol: '', fay: '' };
  const formulaTagIds: string[] = [];
  let sleep = '';
  let formulaSession: HrvSession;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Reports Edges Org',
      timeZone: 'Europe/Berlin',
      people: {
        orgAdmin: { orgAdmin: true },
        tia: { firstName: 'Tia', lastName: 'Ties' },
        dan: { firstName: 'Dan', lastName: 'Days' },
        dst: { firstName: 'Dora', lastName: 'Summer' },
        sol: { firstName: 'Sol', lastName: 'Sessions' },
        fay: { firstName: 'Fay', lastName: 'Formula' },
      },
      signIn: ['orgAdmin', 'sol'],
    });
    orgId = org.id;
    Object.assign(token, org.tokens);
    Object.assign(id, org.ids);
    sleep = (await t.call('GET', '/api/tags', token.orgAdmin))
      .json<TagsResponse>()
      .list.find((tag) => tag.tag_name === 'Sleep')!.id;
    for (const name of FORMULA_TAGS) {
      const [own] = await t.db.insert(tags).values({ orgId, name }).returning({ id: tags.id });
      formulaTagIds.push(own!.id);
    }

    const record = (
      accountId: string,
      clientId: string,
      takenAt: string,
      seed: number,
      tagIds: string[] = [],
    ) =>
      recordReading(
        t.db,
        { orgId, accountId },
        {
          clientId,
          takenAt: new Date(takenAt),
          kind: 'morning',
          rr: syntheticRr(300, { meanMs: 850, swingMs: 20 + seed, seed }),
          tags: tagIds,
        },
        NOW,
      );

    // Dora: readings around both of Berlin's daylight-saving changes of the year.
    const dst = [
      ['2025-10-25T22:30:00Z', 'fall-00:30'], // 26 Oct 00:30 CEST
      ['2025-10-26T01:30:00Z', 'fall-02:30b'], // 26 Oct 02:30 CET, the second 02:30
      ['2025-10-26T22:30:00Z', 'fall-23:30'], // 26 Oct 23:30 CET
      ['2025-10-26T23:30:00Z', 'fall-next'], // 27 Oct 00:30 CET
      ['2026-03-28T22:30:00Z', 'spring-prev'], // 28 Mar 23:30 CET
      ['2026-03-28T23:30:00Z', 'spring-00:30'], // 29 Mar 00:30 CET
      ['2026-03-29T01:30:00Z', 'spring-03:30'], // 29 Mar 03:30 CEST
      ['2026-03-29T21:30:00Z', 'spring-23:30'], // 29 Mar 23:30 CEST
      ['2026-03-29T22:30:00Z', 'spring-next'], // 30 Mar 00:30 CEST
    ] as const;
    for (const [index, [at, clientId]] of dst.entries()) {
      await record(id.dst, clientId, at, index + 1);
    }

    // Fay: a reading with two formula-looking tags and a plain one.
    await record(id.fay, 'formula', '2026-06-01T06:00:00Z', 20, [...formulaTagIds, sleep]);

    // Tia: one ingested reading, then copies of it: 1,001 at the same microsecond and 204 within
    // the millisecond before it, each with its own RMSSD to tell the rows apart.
    const tiaSource = (await record(id.tia, 'source', '2026-01-09T07:00:00Z', 30)).reading;
    const [tiaRow] = await t.db.select().from(readings).where(eq(readings.id, tiaSource.id));
    const tiaCopies = Array.from({ length: TIED + SPREAD }, (_, index) => ({
      ...tiaRow!,
      id: randomUUID(),
      clientId: `copy-${index + 1}`,
    }));
    await insertChunks(tiaCopies, (chunk) => t.db.insert(readings).values(chunk));
    await t.db.execute(sql`
      update readings set
        rmssd = 100 + substr(client_id, 6)::int,
        taken_at = case when substr(client_id, 6)::int <= ${TIED} then ${TIE}::timestamptz
          else '2026-01-10 08:00:00.123+00'::timestamptz
            + (substr(client_id, 6)::int - ${TIED}) * interval '1 microsecond' end
      where account_id = ${id.tia} and client_id like 'copy-%'`);

    // Dan: one ingested reading, then copies on 1,003 days: 1990-01-01, 2000-06-15 and 1,001
    // days in a row from 2021-01-01, each at 10:00 UTC (11:00 or 12:00 in Berlin).
    const danSource = (await record(id.dan, 'source', '2021-01-01T10:00:00Z', 40)).reading;
    const [danRow] = await t.db.select().from(readings).where(eq(readings.id, danSource.id));
    const danCopies = Array.from({ length: DAYS - 1 }, (_, index) => ({
      ...danRow!,
      id: randomUUID(),
      clientId: `copy-${index + 1}`,
    }));
    await insertChunks(danCopies, (chunk) => t.db.insert(readings).values(chunk));
    await t.db.execute(sql`
      update readings set
        rmssd = 100 + substr(client_id, 6)::int,
        taken_at = case substr(client_id, 6)::int
          when ${DAYS - 2} then '1990-01-01 10:00:00+00'::timestamptz
          when ${DAYS - 1} then '2000-06-15 10:00:00+00'::timestamptz
          else '2021-01-01 10:00:00+00'::timestamptz + substr(client_id, 6)::int * interval '1 day'
        end
      where account_id = ${id.dan} and client_id like 'copy-%'`);

    // Sol: a session with a name split by `;` and formula-looking tags, and one more copied
    // 1,001 times onto a microsecond shared by them all.
    const post = async (body: Record<string, unknown>) => {
      const response = await t.call('POST', '/api/v1/sessions', token.sol, {
        clientId: randomUUID(),
        type: 'biofeedback',
        breathsPerMinute: 6,
        rr: syntheticRr(180, { meanMs: 950, swingMs: 12, breathsPerMinute: 6, seed: 7 }),
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<HrvSession>();
    };
    formulaSession = await post({
      startedAt: '2026-01-05T08:00:00Z',
      sessionName: FORMULA_SESSION,
      ozValues: [{ oz: 50, ts: 0 }],
      tags: [...formulaTagIds, sleep],
    });
    const copied = await post({ startedAt: '2026-01-06T08:00:00Z', sessionName: 'Copied' });
    const [sessionRow] = await t.db.select().from(hrvSessions).where(eq(hrvSessions.id, copied.id));
    const sessionCopies = Array.from({ length: SESSIONS - 1 }, (_, index) => ({
      ...sessionRow!,
      id: randomUUID(),
      clientId: `copy-${index + 1}`,
    }));
    await insertChunks(sessionCopies, (chunk) => t.db.insert(hrvSessions).values(chunk));
    await t.db.execute(sql`
      update hrv_sessions set started_at = ${TIE}::timestamptz
      where account_id = ${id.sol} and (client_id like 'copy-%' or id = ${copied.id})`);
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string, bearer = token.orgAdmin) => {
    const response = await t.call('GET', url, bearer);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('writes every reading once, in order, across batches of times sharing a microsecond', async () => {
    const stored = await t.db
      .select({ id: readings.id, clientId: readings.clientId, rmssd: readings.rmssd })
      .from(readings)
      .where(eq(readings.accountId, id.tia));
    expect(stored).toHaveLength(1 + TIED + SPREAD);
    // The microseconds after 08:00:00.123 of each copy; the ingested one a day before all.
    const at = (clientId: string) => {
      if (clientId === 'source') return -1;
      const n = Number(clientId.slice(5));
      return n <= TIED ? 456 : n - TIED;
    };
    const expected = stored
      .map((row) => ({ at: at(row.clientId), id: row.id, rmssd: String(row.rmssd) }))
      .sort(byTimeThenId);
    const rows = rowsOf((await get(`/api/reports/readings.csv?user_ids=${id.tia}`)).body);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((row) => row.rmssd)).toEqual(expected.map((row) => row.rmssd));
    expect(rows.at(-1)!.dateTime).toBe('2026-01-10T08:00:00.123Z');
  });

  it('writes every daily mean once, in order, across gaps of years and batches of days', async () => {
    const stored = await t.db
      .select({ clientId: readings.clientId, rmssd: readings.rmssd })
      .from(readings)
      .where(eq(readings.accountId, id.dan));
    const dayOf = (clientId: string) => {
      const n = clientId === 'source' ? 0 : Number(clientId.slice(5));
      if (n === DAYS - 2) return '1990-01-01';
      if (n === DAYS - 1) return '2000-06-15';
      return new Date(Date.UTC(2021, 0, 1 + n)).toISOString().slice(0, 10);
    };
    const expected = stored
      .map((row) => ({ day: dayOf(row.clientId), rmssd: String(row.rmssd) }))
      .sort((a, b) => a.day.localeCompare(b.day));
    expect(new Set(expected.map((row) => row.day)).size).toBe(DAYS);

    const rows = rowsOf(
      (await get(`/api/reports/readings.csv?user_ids=${id.dan}&chart_data_group_by=average`)).body,
    );
    expect(rows.map((row) => row.tooltipText!.slice(0, 10))).toEqual(
      expected.map((row) => row.day),
    );
    expect(rows.map((row) => row.rmssd)).toEqual(expected.map((row) => row.rmssd));
    const json = await get(`/api/user/rmssd?user_id=${id.dan}&chart_data_group_by=average&limit=1`);
    expect(json.json<MemberReadingsResponse>().noOfRows).toBe(DAYS);
  });

  it('writes every session once, in order, across a batch of sessions sharing a microsecond', async () => {
    const stored = await t.db
      .select({ id: hrvSessions.id, startedAt: hrvSessions.startedAt })
      .from(hrvSessions)
      .where(eq(hrvSessions.accountId, id.sol));
    const expected = stored
      .map((row) => ({ at: row.id === formulaSession.id ? 0 : 1, id: row.id }))
      .sort(byTimeThenId)
      .map((row) => row.id);
    expect(expected).toHaveLength(SESSIONS + 1);
    const rows = rowsOf(
      (await get(`/api/reports/sessions.csv?user_ids=${id.sol}&type=exercise`)).body,
    );
    expect(rows.map((row) => row.sessionId)).toEqual(expected);
  });

  describe('a day with a daylight-saving change', () => {
    const days = async (query: string) =>
      (
        await get(`/api/user/rmssd?user_id=${id.dst}&chart_data_group_by=average&${query}`)
      ).json<MemberReadingsResponse>().list;

    it('groups the daily means by Berlin’s day, starting at its own local midnight', async () => {
      const list = await days('');
      expect(list.map((row) => [row.id.split(':')[1], row.dateTime, row.readings_count])).toEqual([
        ['2026-03-30', '2026-03-29T22:00:00.000Z', 1],
        // 23 hours: midnight is still CET, the day ends in CEST.
        ['2026-03-29', '2026-03-28T23:00:00.000Z', 3],
        ['2026-03-28', '2026-03-27T23:00:00.000Z', 1],
        ['2025-10-27', '2025-10-26T23:00:00.000Z', 1],
        // 25 hours: midnight is still CEST, the day ends in CET.
        ['2025-10-26', '2025-10-25T22:00:00.000Z', 3],
      ]);
    });

    it.each([
      [
        '2026-03-29',
        ['2026-03-28T23:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-29T21:30:00.000Z'],
      ],
      [
        '2025-10-26',
        ['2025-10-25T22:30:00.000Z', '2025-10-26T01:30:00.000Z', '2025-10-26T22:30:00.000Z'],
      ],
    ])('bounds the whole of %s, no more', async (day, instants) => {
      const { list, noOfRows } = (
        await get(`/api/user/rmssd?user_id=${id.dst}&from=${day}&to=${day}`)
      ).json<MemberReadingsResponse>();
      expect(list.map((row) => row.dateTime)).toEqual([...instants].reverse());
      expect(noOfRows).toBe(3);
      const [mean] = await days(`from=${day}&to=${day}`);
      expect(mean!.readings_count).toBe(3);
    });
  });

  describe('formula-looking text', () => {
    const expectedTagNames = (list: Tag[]) =>
      list
        .map((tag) => (tag.tag_name.startsWith('=') ? `'${tag.tag_name}` : tag.tag_name))
        .join(';');

    it('quotes every text cell and neutralises each tag name, not only the first', async () => {
      const response = await get(`/api/reports/sessions.csv?user_ids=${id.sol}&type=exercise`);
      // Quoted, `;` stays inside the cell for a spreadsheet splitting on it.
      expect(response.body).toContain(`,"${FORMULA_SESSION}",`);
      const [row] = rowsOf(response.body).filter((each) => each.sessionId === formulaSession.id);
      const tagList = formulaSession.tags;
      expect(tagList.filter((tag) => tag.tag_name.startsWith('='))).toHaveLength(2);
      expect(row!.sessionName).toBe(FORMULA_SESSION);
      expect(row!.tagName).toBe(expectedTagNames(tagList));
      expect(row!.tagName!.split(';').every((name) => !/^[=+\-@]/.test(name))).toBe(true);
      expect(row!.tagId).toBe(tagList.map((tag) => tag.id).join(';'));
    });

    it('does the same for readings', async () => {
      const json = (await get(`/api/user/rmssd?user_id=${id.fay}`)).json<MemberReadingsResponse>();
      const response = await get(`/api/reports/readings.csv?user_ids=${id.fay}`);
      const [row] = rowsOf(response.body);
      expect(row!.tagName).toBe(expectedTagNames(json.list[0]!.tags));
      expect(row!.tagName!.split(';').every((name) => !/^[=+\-@]/.test(name))).toBe(true);
      expect(response.body).toContain(`"${id.fay}","${json.list[0]!.dateTime}"`);
    });
  });

  describe('upper-case ids', () => {
    const upper = (value: string) => value.toUpperCase();

    it('find their member and answer the ids in lower case', async () => {
      const readingsJson = (
        await get(`/api/user/rmssd?user_id=${upper(id.fay)}&tag_ids=${upper(sleep)}`)
      ).json<MemberReadingsResponse>();
      expect(readingsJson.list).toHaveLength(1);
      expect(readingsJson.list[0]!.userId).toBe(id.fay);

      const csv = rowsOf(
        (await get(`/api/reports/readings.csv?user_ids=${upper(id.fay)},${upper(id.dst)}`)).body,
      );
      expect([...new Set(csv.map((row) => row.userId))]).toEqual([id.fay, id.dst]);

      const sessionsCsv = rowsOf(
        (
          await get(
            `/api/reports/sessions.csv?user_ids=${upper(id.sol)}&type=exercise&tag_ids=${upper(sleep)}`,
          )
        ).body,
      );
      expect(sessionsCsv.map((row) => [row.userId, row.sessionId])).toEqual([
        [id.sol, formulaSession.id],
      ]);

      const history = (
        await get(`/api/selected-history?user_id=${upper(id.sol)}&type=exercise&limit=1`)
      ).json<SelectedHistoryResponse>();
      expect(history.list[0]!.userId).toBe(id.sol);

      const allTime = (
        await get(
          `/api/hrv_analytics/biofeedback/all-time?userId=${upper(id.sol)}&sessionType=exercise&to=2026-01-05`,
        )
      ).json<SessionsAllTimeResponse>();
      expect(allTime.sessions.map((session) => session.sessionId)).toEqual([formulaSession.id]);

      const raw = (
        await get(`/api/raw-data/${upper(formulaSession.id)}?user_id=${upper(id.sol)}`)
      ).json<RawDataResponse>();
      expect(raw.list[0]!.sessionId).toBe(formulaSession.id);
    });
  });

  it('answers a database error before the first CSV byte as JSON, not as an attachment', async () => {
    const other = await buildOrg(t, {
      name: 'Reports Broken Zone Org',
      timeZone: 'Europe/Berlin',
      people: { admin: { orgAdmin: true }, ann: { firstName: 'Ann', lastName: 'Zone' } },
      signIn: ['admin'],
    });
    await recordReading(
      t.db,
      { orgId: other.id, accountId: other.ids.ann },
      {
        clientId: 'only',
        takenAt: new Date('2026-06-01T06:00:00Z'),
        kind: 'morning',
        rr: syntheticRr(300, { meanMs: 850, swingMs: 25, seed: 50 }),
        tags: [],
      },
      NOW,
    );
    // A zone the database does not know: the first statement that reads it fails.
    await t.db
      .update(organisations)
      .set({ timeZone: 'Mars/Olympus_Mons' })
      .where(eq(organisations.id, other.id));
    for (const url of [
      `/api/reports/readings.csv?user_ids=${other.ids.ann}`,
      `/api/reports/sessions.csv?members=all&type=exercise&from=2026-01-01`,
    ]) {
      const response = await t.call('GET', url, other.tokens.admin);
      expect(response.statusCode, url).toBe(500);
      expect(response.headers['content-disposition'], url).toBeUndefined();
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json<{ message: string }>().message, url).toEqual(expect.any(String));
    }
  });
});
