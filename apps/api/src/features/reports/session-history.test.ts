import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  SESSION_NOT_FOUND_MESSAGE,
  type RawDataResponse,
  type SelectedHistoryResponse,
  type SessionsAllTimeResponse,
} from '@resonant/contracts/reports';
import { SESSIONS_CSV_COLUMNS } from '@resonant/contracts/reports-csv';
import type { HrvSession } from '@resonant/contracts/sessions';
import type { TagsResponse } from '@resonant/contracts/tags';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

/*
 * The session history tabs (SPEC §4, §7): sessions recorded through POST /api/v1/sessions, read
 * back as the history, the all-time figures, the raw optimal-zone data and the CSV.
 */

const NOW = new Date('2025-07-01T12:00:00Z');
const BREATH = {
  name: '=cmd|" /C calc"!A0',
  inhalePercentage: 40,
  exhalePercentage: 60,
  inhaleSeconds: 4,
  exhaleSeconds: 6,
  defaultTotalMinutes: 5,
};

describe('session history, all-time figures, raw data and the sessions CSV', () => {
  let t: TestApp;
  const token = { orgAdmin: '', lead: '', sam: '', cleo: '' };
  const id = { sam: '', cleo: '' };
  let sleep = '';
  const sam: Record<string, HrvSession> = {};
  let cleoSession: HrvSession;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Reports Sessions Org',
      timeZone: 'Europe/Berlin',
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: { orgAdmin: true },
        lead: { adminOf: ['Alpha'] },
        sam: { firstName: 'Sam', lastName: 'Breath', groups: ['Alpha'] },
        cleo: { firstName: 'Cleo', lastName: 'Bravo', groups: ['Bravo'] },
      },
      signIn: ['orgAdmin', 'lead', 'sam', 'cleo'],
    });
    Object.assign(token, org.tokens);
    Object.assign(id, { sam: org.ids.sam, cleo: org.ids.cleo });
    sleep = (await t.call('GET', '/api/tags', token.sam))
      .json<TagsResponse>()
      .list.find((tag) => tag.tag_name === 'Sleep')!.id;

    const record = async (bearer: string, body: Record<string, unknown>) => {
      const response = await t.call('POST', '/api/v1/sessions', bearer, {
        clientId: randomUUID(),
        breathsPerMinute: 6,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<HrvSession>();
    };
    const paced = (seconds: number, seed: number) =>
      syntheticRr(seconds, { meanMs: 950, swingMs: 8 + seed, breathsPerMinute: 6, seed });
    sam.old = await record(token.sam, {
      type: 'biofeedback',
      startedAt: '2025-01-10T08:00:00Z',
      sessionName: 'Resonance',
      rr: paced(240, 1),
      ozValues: [20, 40].map((oz, ts) => ({ oz, ts })),
    });
    sam.first = await record(token.sam, {
      type: 'biofeedback',
      startedAt: '2025-06-01T08:00:00Z',
      sessionName: 'Resonance',
      breathTime: BREATH,
      rr: paced(300, 2),
      ozValues: [70, 90, 95, 60].map((oz, ts) => ({ oz, ts: ts * 5 })),
      tags: [sleep],
    });
    sam.noOz = await record(token.sam, {
      type: 'biofeedback',
      startedAt: '2025-06-03T08:00:00Z',
      sessionName: '@SUM(A1)',
      rr: paced(180, 3),
    });
    // 40 s of signal: flagged low quality, left out of the means.
    sam.short = await record(token.sam, {
      type: 'biofeedback',
      startedAt: '2025-06-05T08:00:00Z',
      sessionName: 'Short',
      rr: paced(40, 4),
      ozValues: [{ oz: 100, ts: 0 }],
    });
    sam.mind = await record(token.sam, {
      type: 'mindfulness',
      startedAt: '2025-06-02T08:00:00Z',
      sessionName: 'Calm',
      rr: paced(180, 5),
      ozValues: [1, 2, 3],
      reportStartTime: '2025-06-02 10:00:00',
    });
    cleoSession = await record(token.cleo, {
      type: 'biofeedback',
      startedAt: '2025-06-04T08:00:00Z',
      sessionName: 'Resonance',
      rr: paced(180, 6),
      ozValues: [{ oz: 50, ts: 0 }],
    });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, bearer = token.lead) => {
    const response = await t.call('GET', url, bearer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/NaN|Infinity/);
    return response.json<T>();
  };
  const mean = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
  };

  it('stored what the history is about', () => {
    expect(sam.short!.quality).toBe('low');
    expect(sam.first!.quality).toBe('good');
    expect(sam.noOz!.ozSesAvgPercentage).toBeNull();
    expect(sam.first!.results.length).toBeGreaterThan(2);
  });

  describe('GET /api/selected-history', () => {
    it('lists the member’s sessions of the type newest first, each whole', async () => {
      const body = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.sam}&type=exercise`,
      );
      const biofeedback = [sam.short!, sam.noOz!, sam.first!, sam.old!];
      expect(body.user).toEqual({ first_name: 'Sam', last_name: 'Breath' });
      expect(body.noOfRows).toBe(4);
      expect(body.list.map((row) => row.sessionId)).toEqual(biofeedback.map((s) => s.id));
      expect(body.allTimeOzPercentage).toBeCloseTo(
        mean(biofeedback.map((s) => s.ozSesAvgPercentage))!,
        9,
      );
      const first = body.list[2]!;
      const stored = sam.first!;
      expect(first).toMatchObject({
        userId: id.sam,
        type: 'biofeedback',
        dateTime: '2025-06-01T08:00:00.000Z',
        sessionName: 'Resonance',
        quality: 'good',
        breathTime: BREATH,
        has_oz_data: true,
        rmssd: stored.averages.rmssd,
        ozSesAvgPercentage: stored.ozSesAvgPercentage,
        tags: [{ id: sleep, tag_name: 'Sleep' }],
        exercises: [{ name: 'Resonance', tags: [{ id: sleep, tag_name: 'Sleep' }] }],
      });
      expect(first.averages.timeDomain.rmssd).toBe(stored.averages.rmssd);
      expect(first.averages.frequencyDomain.total_power).toBe(stored.averages.totalPower);
      expect(first.results).toEqual(
        stored.results.map((minute) => ({
          countTime: minute.countTime,
          timeDomain: {
            rmssd: minute.metrics.rmssd,
            minMax: minute.metrics.minMax,
            sdnn: minute.metrics.sdnn,
            sdsd: minute.metrics.sdsd,
            mean_hr: minute.metrics.meanHr,
            max_hr: minute.metrics.maxHr,
            min_hr: minute.metrics.minHr,
            mean_nni: minute.metrics.meanNni,
            median_nni: minute.metrics.medianNni,
            range_nni: minute.metrics.rangeNni,
          },
          frequencyDomain: {
            lf: minute.metrics.lf,
            hf: minute.metrics.hf,
            vlf: minute.metrics.vlf,
            total_power: minute.metrics.totalPower,
          },
        })),
      );
      expect(body.list[1]).toMatchObject({ has_oz_data: false, breathTime: null, tags: [] });
    });

    it('pages, bounds the range (all-time OZ aside) and filters by tag', async () => {
      const page = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.sam}&type=exercise&limit=2&offset=1`,
      );
      expect(page.list.map((row) => row.sessionId)).toEqual([sam.noOz!.id, sam.first!.id]);
      expect(page.noOfRows).toBe(4);

      const june = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.sam}&type=exercise&from=2025-06-01&to=2025-06-03`,
      );
      expect(june.list.map((row) => row.sessionId)).toEqual([sam.noOz!.id, sam.first!.id]);
      expect(june.allTimeOzPercentage).toBeCloseTo(
        mean([sam.short!, sam.noOz!, sam.first!, sam.old!].map((s) => s.ozSesAvgPercentage))!,
        9,
      );

      const tagged = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.sam}&type=exercise&tag_ids=${sleep}`,
      );
      expect(tagged.list.map((row) => row.sessionId)).toEqual([sam.first!.id]);

      const mindfulness = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.sam}&type=mindfulness`,
      );
      expect(mindfulness.list.map((row) => row.sessionId)).toEqual([sam.mind!.id]);
      expect(mindfulness.allTimeOzPercentage).toBe(sam.mind!.ozSesAvgPercentage);
    });

    it('answers null all-time OZ for a member without sessions of the type', async () => {
      const body = await get<SelectedHistoryResponse>(
        `/api/selected-history?user_id=${id.cleo}&type=mindfulness`,
        token.orgAdmin,
      );
      expect(body).toEqual({
        user: { first_name: 'Cleo', last_name: 'Bravo' },
        allTimeOzPercentage: null,
        list: [],
        noOfRows: 0,
      });
    });
  });

  describe('GET /api/hrv_analytics/biofeedback/all-time', () => {
    it('gives the range’s sessions oldest first, with means of the good ones', async () => {
      const body = await get<SessionsAllTimeResponse>(
        `/api/hrv_analytics/biofeedback/all-time?userId=${id.sam}&sessionType=exercise&from=2025-06-01&to=2025-06-30`,
      );
      const inRange = [sam.first!, sam.noOz!, sam.short!];
      const good = inRange.filter((s) => s.quality === 'good');
      expect(body.sessions.map((point) => point.sessionId)).toEqual(inRange.map((s) => s.id));
      expect(body.sessionsCount).toBe(3);
      expect(body.totalMinutes).toBeCloseTo(
        inRange.reduce((sum, s) => sum + s.sessionMinutes!, 0),
        9,
      );
      expect(body.ozPercentage).toBeCloseTo(mean(inRange.map((s) => s.ozSesAvgPercentage))!, 9);
      expect(body.allTimeOzPercentage).toBeCloseTo(
        mean([...inRange, sam.old!].map((s) => s.ozSesAvgPercentage))!,
        9,
      );
      for (const key of ['rmssd', 'sdnn', 'minMax', 'lf', 'hf', 'vlf'] as const) {
        expect(body.averages[key], key).toBeCloseTo(mean(good.map((s) => s.averages[key]))!, 9);
      }
      expect(body.sessions[0]).toMatchObject({
        sessionName: 'Resonance',
        quality: 'good',
        rmssd: sam.first!.averages.rmssd,
        tags: [{ id: sleep, tag_name: 'Sleep' }],
      });
    });

    it('answers zeros and nulls without sessions', async () => {
      const body = await get<SessionsAllTimeResponse>(
        `/api/hrv_analytics/biofeedback/all-time?userId=${id.sam}&sessionType=mindfulness&from=2024-01-01&to=2024-12-31`,
      );
      expect(body).toMatchObject({
        sessionsCount: 0,
        totalMinutes: 0,
        ozPercentage: null,
        allTimeOzPercentage: sam.mind!.ozSesAvgPercentage,
        averages: { rmssd: null, sdnn: null, minMax: null, lf: null, hf: null, vlf: null },
        sessions: [],
      });
    });
  });

  describe('GET /api/raw-data/{sessionId}', () => {
    const raw = (sessionId: string, userId: string, bearer = token.lead) =>
      t.call('GET', `/api/raw-data/${sessionId}?user_id=${userId}`, bearer);

    it('answers the samples as the app sent them', async () => {
      expect((await raw(sam.first!.id, id.sam)).json<RawDataResponse>()).toEqual({
        list: [
          {
            sessionId: sam.first!.id,
            type: 'biofeedback',
            oz_values: [70, 90, 95, 60].map((oz, ts) => ({ oz, ts: ts * 5 })),
            reportStartTime: null,
          },
        ],
      });
      expect((await raw(sam.mind!.id, id.sam)).json<RawDataResponse>().list[0]).toEqual({
        sessionId: sam.mind!.id,
        type: 'mindfulness',
        oz_values: [1, 2, 3],
        reportStartTime: '2025-06-02 10:00:00',
      });
      expect((await raw(sam.noOz!.id, id.sam)).json<RawDataResponse>().list[0]!.oz_values).toEqual(
        [],
      );
    });

    it.each([
      [
        'another member’s session',
        () => [cleoSession.id, id.sam],
        'orgAdmin',
        SESSION_NOT_FOUND_MESSAGE,
      ],
      ['no session', () => [randomUUID(), id.sam], 'lead', SESSION_NOT_FOUND_MESSAGE],
      ['another group’s member', () => [cleoSession.id, id.cleo], 'lead', USER_NOT_FOUND_MESSAGE],
    ] as const)('answers 404 for %s', async (_case, ids, who, message) => {
      const [sessionId, userId] = ids();
      const response = await raw(sessionId!, userId!, token[who]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('GET /api/reports/sessions.csv', () => {
    const rowsOf = (body: string) =>
      parse(body, { columns: true, bom: true }) as Record<string, string>[];

    it('writes one row per session, oldest first, as many as the all-time count', async () => {
      const range = 'from=2025-06-01&to=2025-06-30';
      const response = await t.call(
        'GET',
        `/api/reports/sessions.csv?user_ids=${id.sam}&type=exercise&${range}`,
        token.lead,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(
        'filename="biofeedback sessions data 2025-06-01 to 2025-06-30.csv"',
      );
      const text = response.body.replace(/^\ufeff/, '');
      expect(text.split('\n')[0]!.trim()).toBe(
        SESSIONS_CSV_COLUMNS.map((column) => `"${column}"`).join(','),
      );
      const rows = rowsOf(response.body);
      const allTime = await get<SessionsAllTimeResponse>(
        `/api/hrv_analytics/biofeedback/all-time?userId=${id.sam}&sessionType=exercise&${range}`,
      );
      expect(rows).toHaveLength(allTime.sessionsCount);
      expect(rows.map((row) => row.sessionId)).toEqual([
        sam.first!.id,
        sam.noOz!.id,
        sam.short!.id,
      ]);
      const cell = (value: number | null) => (value === null ? '' : String(value));
      expect(rows[0]).toEqual({
        userId: id.sam,
        sessionId: sam.first!.id,
        dateTime: '2025-06-01T08:00:00.000Z',
        sessionName: 'Resonance',
        sessionMinutes: cell(sam.first!.sessionMinutes),
        breathsPerMinute: '6',
        breathName: `'${BREATH.name}`,
        inhaleSeconds: '4',
        exhaleSeconds: '6',
        inhalePercentage: '40',
        exhalePercentage: '60',
        ozSesAvgPercentage: cell(sam.first!.ozSesAvgPercentage),
        optimalZoneSessionAverage: cell(sam.first!.optimalZoneSessionAverage),
        rmssd: cell(sam.first!.averages.rmssd),
        sdnn: cell(sam.first!.averages.sdnn),
        minMax: cell(sam.first!.averages.minMax),
        meanHr: cell(sam.first!.averages.meanHr),
        lf: cell(sam.first!.averages.lf),
        hf: cell(sam.first!.averages.hf),
        vlf: cell(sam.first!.averages.vlf),
        totalPower: cell(sam.first!.averages.totalPower),
        quality: 'good',
        tagId: sleep,
        tagName: 'Sleep',
      });
      // A formula-looking session name stays text.
      expect(rows[1]).toMatchObject({ sessionName: "'@SUM(A1)", breathName: '', quality: 'good' });
      expect(rows[2]!.quality).toBe('low');
    });

    it('exports every member the org admin reaches for members=all', async () => {
      const response = await t.call(
        'GET',
        '/api/reports/sessions.csv?members=all&type=exercise',
        token.orgAdmin,
      );
      const rows = rowsOf(response.body);
      // By last name: Bravo (Cleo) before Breath (Sam).
      expect([...new Set(rows.map((row) => row.userId))]).toEqual([id.cleo, id.sam]);
      expect(rows).toHaveLength(5);
    });
  });
});
