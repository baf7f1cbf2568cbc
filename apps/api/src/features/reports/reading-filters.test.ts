import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import type { Reading } from '@resonant/contracts/readings';
import {
  type MemberReading,
  type MemberReadingsResponse,
  type NormalRangeDay,
} from '@resonant/contracts/reports';
import { READINGS_CSV_COLUMNS } from '@resonant/contracts/reports-csv';
import type { TagsResponse } from '@resonant/contracts/tags';
import { tags } from '../../db/schema/readings.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

/*
 * The readings history's filters (SPEC §9) and each member's normal range, checked against
 * values this file computes itself from the readings it ingested through the real ingestion, in
 * an organisation whose time zone is not UTC (New York: UTC-4 in June).
 */

const TZ = 'America/New_York';
const NOW = new Date('2025-07-01T12:00:00Z');
const FORMULA_TAG = '=HYPERLINK("http://evil.test","x")';

/** A local wall-clock time of New York in June (UTC-4) as an instant. */
const nyTime = (day: string, time: string) => new Date(`${day}T${time}-04:00`);

const localFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** The local day and time of day of an instant in the organisation's zone, by the runtime's tz data. */
function local(iso: string) {
  const parts = Object.fromEntries(
    localFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

// The normal range's method written out here on its own (not by calling packages/hrv): daily mean
// of ln RMSSD; baseline = exp(mean of the 7 days ending on the day) with ≥ 3 days; CV = sample SD
// / |mean| × 100 over the same days; range = exp(mean ± 0.5 sample SD) of the 60 days with ≥ 14.
const DAY = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dailyLogMeans(readings: readonly Reading[]): Map<string, number> {
  const byDay = new Map<string, number[]>();
  for (const reading of readings) {
    if (reading.quality !== 'good' || !reading.metrics.rmssd) continue;
    const { day } = local(reading.takenAt);
    byDay.set(day, [...(byDay.get(day) ?? []), Math.log(reading.metrics.rmssd)]);
  }
  return new Map(
    [...byDay].map(([day, logs]) => [day, logs.reduce((a, b) => a + b, 0) / logs.length]),
  );
}

function windowOf(daily: Map<string, number>, day: string, days: number): number[] {
  const values: number[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const value = daily.get(dayText(dayMs(day) - back * DAY));
    if (value !== undefined) values.push(value);
  }
  return values;
}

function meanSd(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

function expectedDay(daily: Map<string, number>, day: string): NormalRangeDay {
  const week = windowOf(daily, day, 7);
  const sixty = windowOf(daily, day, 60);
  const w = week.length >= 3 ? meanSd(week) : null;
  const r = sixty.length >= 14 ? meanSd(sixty) : null;
  return {
    date: day,
    baseline: w ? Math.exp(w.mean) : null,
    cv_percent: w ? (w.sd / Math.abs(w.mean)) * 100 : null,
    normal_low: r ? Math.exp(r.mean - 0.5 * r.sd) : null,
    normal_high: r ? Math.exp(r.mean + 0.5 * r.sd) : null,
  };
}

function expectedRange(daily: Map<string, number>, from: string, to: string) {
  const days: NormalRangeDay[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY) {
    const figures = expectedDay(daily, dayText(ms));
    if (Object.values(figures).some((value, index) => index > 0 && value !== null)) {
      days.push(figures);
    }
  }
  return days;
}

function expectFiguresClose(actual: NormalRangeDay[], expected: NormalRangeDay[]) {
  expect(actual.map((day) => day.date)).toEqual(expected.map((day) => day.date));
  for (const [index, day] of actual.entries()) {
    const want = expected[index]!;
    for (const key of ['baseline', 'cv_percent', 'normal_low', 'normal_high'] as const) {
      if (want[key] === null) expect(day[key], `${day.date} ${key}`).toBeNull();
      else expect(day[key], `${day.date} ${key}`).toBeCloseTo(want[key], 9);
    }
  }
}

describe('the readings history: filters, daily means, normal range and CSV', () => {
  let t: TestApp;
  const token = { orgAdmin: '', lead: '' };
  const id = { nora: '', ben: '', cleo: '' };
  let nora: Reading[] = [];
  const tag = { sleep: '', caffeine: '', formula: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Reports Filters Org',
      timeZone: TZ,
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: { orgAdmin: true },
        lead: { adminOf: ['Alpha'] },
        nora: { firstName: 'Nora', lastName: 'Norm', groups: ['Alpha'] },
        ben: { firstName: 'Ben', lastName: 'Alpha', groups: ['Alpha'] },
        cleo: { firstName: 'Cleo', lastName: 'Bravo', groups: ['Bravo'] },
      },
      signIn: ['orgAdmin', 'lead'],
    });
    Object.assign(token, org.tokens);
    Object.assign(id, { nora: org.ids.nora, ben: org.ids.ben, cleo: org.ids.cleo });
    const offered = (await t.call('GET', '/api/tags', token.orgAdmin)).json<TagsResponse>().list;
    tag.sleep = offered.find((each) => each.tag_name === 'Sleep')!.id;
    tag.caffeine = offered.find((each) => each.tag_name === 'Caffeine')!.id;
    const [own] = await t.db
      .insert(tags)
      .values({ orgId: org.id, name: FORMULA_TAG })
      .returning({ id: tags.id });
    tag.formula = own!.id;

    const record = async (
      accountId: string,
      clientId: string,
      takenAt: Date,
      options: { seconds?: number; seed: number; tags?: string[]; kind?: 'morning' | 'anytime' },
    ) =>
      (
        await recordReading(
          t.db,
          { orgId: org.id, accountId },
          {
            clientId,
            takenAt,
            kind: options.kind ?? 'morning',
            rr: syntheticRr(options.seconds ?? 300, {
              meanMs: 820 + (options.seed % 5) * 35,
              swingMs: 18 + ((options.seed * 7) % 26),
              seed: options.seed,
            }),
            tags: options.tags ?? [],
          },
          NOW,
        )
      ).reading;

    // Nora: a morning reading at 07:00 New York time on each of 1-20 June (20 days), and around
    // them the readings the filters are about.
    const stored: Reading[] = [];
    for (let day = 1; day <= 20; day++) {
      const date = `2025-06-${String(day).padStart(2, '0')}`;
      const dayTags = day === 3 || day === 10 ? [tag.sleep] : day === 5 ? [tag.formula] : [];
      stored.push(
        await record(id.nora, `m-${day}`, nyTime(date, '07:00:00'), { seed: day, tags: dayTags }),
      );
    }
    // Reading time goes by the minute, as the UI shows it: 12:00:00 local (16:00 UTC) and
    // 12:00:30 are in both halves, 11:59:59 only until mid-day, 12:01:00 only after. 09:00 local
    // is 13:00 UTC, an afternoon in UTC but a morning here. 18:00 local.
    stored.push(
      await record(id.nora, 'noon', nyTime('2025-06-10', '12:00:00'), {
        seed: 31,
        kind: 'anytime',
        tags: [tag.caffeine, tag.sleep],
      }),
      await record(id.nora, 'noon-plus', nyTime('2025-06-11', '12:00:30'), {
        seed: 32,
        kind: 'anytime',
      }),
      await record(id.nora, 'before-noon', nyTime('2025-06-14', '11:59:59'), {
        seed: 37,
        kind: 'anytime',
      }),
      await record(id.nora, 'one-past', nyTime('2025-06-16', '12:01:00'), {
        seed: 38,
        kind: 'anytime',
      }),
      await record(id.nora, 'nine', nyTime('2025-06-13', '09:00:00'), {
        seed: 33,
        kind: 'anytime',
      }),
      await record(id.nora, 'evening', nyTime('2025-06-12', '18:00:00'), {
        seed: 34,
        kind: 'anytime',
      }),
      // 40 s: flagged low quality. 20:00 on 15 June in New York is already 16 June in UTC.
      await record(id.nora, 'short', nyTime('2025-06-15', '20:00:00'), {
        seconds: 40,
        seed: 35,
        kind: 'anytime',
      }),
      // A day with nothing but a low-quality reading.
      await record(id.nora, 'short-only', nyTime('2025-06-21', '08:00:00'), {
        seconds: 40,
        seed: 36,
        kind: 'anytime',
      }),
    );
    nora = stored;
    await record(id.cleo, 'cleo', nyTime('2025-06-02', '07:00:00'), { seed: 40 });
  });
  afterAll(() => t.close());

  const history = async (query: string, bearer = token.lead) => {
    const response = await t.call('GET', `/api/user/rmssd?user_id=${id.nora}&${query}`, bearer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/NaN|Infinity/);
    return response.json<MemberReadingsResponse>();
  };
  const byTime = (list: readonly Reading[]) =>
    [...list].sort((a, b) => b.takenAt.localeCompare(a.takenAt)).map((r) => r.id);
  const find = (clientId: string) => nora.find((reading) => reading.clientId === clientId)!;

  it('stored what the filters are about', () => {
    expect(find('short').quality).toBe('low');
    expect(find('short-only').quality).toBe('low');
    expect(local(find('short').takenAt).day).toBe('2025-06-15');
    expect(find('short').takenAt.slice(0, 10)).toBe('2025-06-16');
    expect(local(find('noon').takenAt).time).toBe('12:00:00');
    expect(local(find('noon-plus').takenAt).time).toBe('12:00:30');
    expect(nora.filter((r) => r.quality === 'good')).toHaveLength(26);
  });

  it.each([
    ['until_mid_day', (time: string) => time.slice(0, 5) <= '12:00'],
    ['after_mid_day', (time: string) => time >= '12:00:00'],
    ['whole_day', () => true],
  ] as const)('keeps %s by the local minute, 12:00 in both halves', async (when, keeps) => {
    const { list, noOfRows } = await history(`reading_taken_time=${when}`);
    const expected = byTime(nora.filter((reading) => keeps(local(reading.takenAt).time)));
    expect(list.map((row) => row.id)).toEqual(expected);
    expect(noOfRows).toBe(expected.length);
    const ids = new Set(list.map((row) => row.id));
    expect(ids.has(find('noon').id)).toBe(true);
    expect(ids.has(find('noon-plus').id)).toBe(true);
    expect(ids.has(find('before-noon').id)).toBe(when !== 'after_mid_day');
    expect(ids.has(find('one-past').id)).toBe(when !== 'until_mid_day');
    expect(ids.has(find('nine').id)).toBe(when !== 'after_mid_day');
  });

  it('keeps the readings carrying at least one of the tags', async () => {
    const sleep = await history(`tag_ids=${tag.sleep}`);
    expect(sleep.list.map((row) => row.id)).toEqual(
      byTime(nora.filter((r) => r.tags.some((t) => t.id === tag.sleep))),
    );
    expect(sleep.noOfRows).toBe(3);
    const either = await history(`tag_ids=${tag.caffeine},${tag.formula}`);
    expect(either.list.map((row) => row.id)).toEqual([find('noon').id, find('m-5').id]);
    expect(either.list[0]!.tags.map((each) => each.tag_name)).toEqual(['Caffeine', 'Sleep']);
  });

  it('answers 400 for a tag the organisation is not offered', async () => {
    const response = await t.call(
      'GET',
      `/api/user/rmssd?user_id=${id.nora}&tag_ids=00000000-0000-4000-8000-000000000000`,
      token.lead,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Unknown tag: 00000000-0000-4000-8000-000000000000',
    });
  });

  it('averages each local day: good readings only, or the low ones of a day without good', async () => {
    const { list, noOfRows } = await history('chart_data_group_by=average');
    const days = [...new Set(nora.map((r) => local(r.takenAt).day))].sort().reverse();
    expect(noOfRows).toBe(days.length);
    expect(list.map((row) => row.id)).toEqual(days.map((day) => `${id.nora}:${day}`));
    for (const row of list) {
      const day = row.id.split(':')[1]!;
      const ofDay = nora.filter((r) => local(r.takenAt).day === day);
      const good = ofDay.filter((r) => r.quality === 'good');
      const averaged = good.length > 0 ? good : ofDay;
      const mean = (pick: (r: Reading) => number | null) =>
        averaged.reduce((sum, r) => sum + pick(r)!, 0) / averaged.length;
      expect(row.quality).toBe(good.length > 0 ? 'good' : 'low');
      expect(row.readings_count).toBe(averaged.length);
      expect(row.rmssd).toBeCloseTo(
        mean((r) => r.metrics.rmssd),
        9,
      );
      expect(row.time_domain.sdnn).toBeCloseTo(
        mean((r) => r.metrics.sdnn),
        9,
      );
      expect(row.frequency_domain.hf).toBeCloseTo(
        mean((r) => r.metrics.hf),
        6,
      );
      // Midnight New York time (04:00 UTC in June).
      expect(row.dateTime).toBe(`${day}T04:00:00.000Z`);
      expect(row.kind).toBe(averaged.some((r) => r.kind === 'morning') ? 'morning' : 'anytime');
      const tagIds = new Set(averaged.flatMap((r) => r.tags.map((each) => each.id)));
      expect(row.tags.map((each) => each.id).sort()).toEqual([...tagIds].sort());
      expect(row.created_at).toBe(
        averaged
          .map((r) => r.createdAt)
          .sort()
          .at(-1),
      );
    }
    // 15 June: the 40 s reading is left out of a day that has a good one.
    expect(list.find((row) => row.id.endsWith('2025-06-15'))!.readings_count).toBe(1);
    expect(list.find((row) => row.id.endsWith('2025-06-21'))!.quality).toBe('low');

    const paged = await history('chart_data_group_by=average&limit=5&offset=5');
    expect(paged.list.map((row) => row.id)).toEqual(list.slice(5, 10).map((row) => row.id));
    expect(paged.noOfRows).toBe(days.length);
  });

  it('places each good reading against the normal range of its day', async () => {
    const { list, normal_range } = await history('from=2025-06-01&to=2025-06-30');
    const daily = dailyLogMeans(nora);
    expectFiguresClose(normal_range, expectedRange(daily, '2025-06-01', '2025-06-30'));
    // 14 days with readings on 14 June: the first normal range.
    expect(normal_range.find((day) => day.normal_low !== null)!.date).toBe('2025-06-14');
    expect(normal_range[0]!.date).toBe('2025-06-03');
    expect(normal_range.at(-1)!.date).toBe('2025-06-30');

    const results = new Set<string | null>();
    for (const row of list) {
      const reading = nora.find((r) => r.id === row.id)!;
      const figures = expectedDay(daily, local(reading.takenAt).day);
      const rmssd = reading.metrics.rmssd!;
      const expected =
        reading.quality !== 'good' || figures.normal_low === null
          ? null
          : rmssd < figures.normal_low
            ? 'below_normal'
            : rmssd > figures.normal_high!
              ? 'above_normal'
              : 'within_normal';
      expect(row.reading_result, row.id).toBe(expected);
      results.add(row.reading_result);
    }
    expect(results.has(null)).toBe(true);
    expect(results.size).toBeGreaterThan(1);
  });

  it('spans the returned days without bounds, and ignores tags but not reading time', async () => {
    const all = await history('');
    expectFiguresClose(
      all.normal_range,
      expectedRange(dailyLogMeans(nora), '2025-06-01', '2025-06-21'),
    );

    // Tags narrow the rows (3 to 10 June) but not the readings the range is made of.
    const sleep = await history(`tag_ids=${tag.sleep}`);
    expectFiguresClose(
      sleep.normal_range,
      expectedRange(dailyLogMeans(nora), '2025-06-03', '2025-06-10'),
    );

    const afternoon = await history(
      'reading_taken_time=after_mid_day&from=2025-06-01&to=2025-06-30',
    );
    const afternoonDaily = dailyLogMeans(nora.filter((r) => local(r.takenAt).time >= '12:00:00'));
    expectFiguresClose(
      afternoon.normal_range,
      expectedRange(afternoonDaily, '2025-06-01', '2025-06-30'),
    );
    expect(afternoon.normal_range.every((day) => day.normal_low === null)).toBe(true);

    const none = await history('from=2024-01-01&to=2024-01-31');
    expect(none).toEqual({ list: [], noOfRows: 0, normal_range: [] });
  });

  it('averages the daily means with their results against the day’s normal range', async () => {
    const { list } = await history('chart_data_group_by=average&from=2025-06-14&to=2025-06-20');
    const daily = dailyLogMeans(nora);
    // 14-20 June: one row a day, each on a day with a normal range (from 14 June on).
    expect(list.map((row) => row.id.split(':')[1])).toEqual(
      Array.from({ length: 7 }, (_, i) => `2025-06-${20 - i}`),
    );
    for (const row of list) {
      const figures = expectedDay(daily, row.id.split(':')[1]!);
      const expected =
        row.rmssd! < figures.normal_low!
          ? 'below_normal'
          : row.rmssd! > figures.normal_high!
            ? 'above_normal'
            : 'within_normal';
      expect(row.reading_result).toBe(expected);
    }
    expect(list.every((row) => row.reading_result !== null)).toBe(true);
  });

  describe('GET /api/reports/readings.csv', () => {
    const csv = async (query: string, bearer = token.lead) => {
      const response = await t.call('GET', `/api/reports/readings.csv?${query}`, bearer);
      return response;
    };
    const rowsOf = (body: string) =>
      parse(body, { columns: true, bom: true }) as Record<string, string>[];

    it('streams a UTF-8 CSV with a BOM, the columns in order, named after the report', async () => {
      const response = await csv(`user_ids=${id.nora}&from=2025-06-01&to=2025-06-30`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="morning-anytime readings data 2025-06-01 to 2025-06-30.csv"; ' +
          "filename*=UTF-8''morning-anytime%20readings%20data%202025-06-01%20to%202025-06-30.csv",
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header] = response.body.replace(/^\ufeff/, '').split('\n');
      // Every text cell is quoted (a `;`-separator spreadsheet then keeps it whole).
      expect(header!.trim()).toBe(READINGS_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    });

    it.each([
      '',
      'chart_data_group_by=average',
      'reading_taken_time=until_mid_day',
      `tag_ids=${tag.sleep}&reading_taken_time=after_mid_day`,
      'chart_data_group_by=average&reading_taken_time=after_mid_day&from=2025-06-10',
    ])('holds as many rows as the JSON route says, oldest first (%s)', async (filters) => {
      const json = await history(`${filters}&limit=1000`);
      const rows = rowsOf((await csv(`user_ids=${id.nora}&${filters}`)).body);
      expect(rows).toHaveLength(json.noOfRows);
      const newestFirst = [...json.list].reverse();
      expect(rows.map((row) => row.dateTime)).toEqual(newestFirst.map((row) => row.dateTime));
      expect(rows.map((row) => row.rmssd)).toEqual(newestFirst.map((row) => String(row.rmssd)));
    });

    it('writes each reading’s figures, percentages of total power and tags', async () => {
      const json = await history('from=2025-06-01&to=2025-06-30&limit=1000');
      const rows = rowsOf((await csv(`user_ids=${id.nora}&from=2025-06-01&to=2025-06-30`)).body);
      const percent = (band: number | null, total: number | null) =>
        band === null || !total ? '' : String(Math.round((band / total) * 100));
      for (const [index, reading] of [...json.list].reverse().entries()) {
        const row = rows[index]!;
        const f = reading.frequency_domain;
        const cell = (value: number | null) => (value === null ? '' : String(value));
        expect(row).toMatchObject({
          userId: id.nora,
          dateTime: reading.dateTime,
          readingResult: reading.reading_result ?? '',
          tagId: reading.tags.map((each) => each.id).join(';'),
          sdnn: cell(reading.time_domain.sdnn),
          minMax: cell(reading.time_domain.minMax),
          totalPower: cell(f.total_power),
          hf: cell(f.hf),
          'HF%': percent(f.hf, f.total_power),
          'LF%': percent(f.lf, f.total_power),
          'VLF%': percent(f.vlf, f.total_power),
          meanHr: cell(reading.time_domain.mean_hr),
        });
        expect(Number(row['HF%']) + Number(row['LF%']) + Number(row['VLF%'])).toBeGreaterThan(90);
      }
      const noon = rows.find((row) => row.dateTime === find('noon').takenAt)!;
      expect(noon.tagName).toBe('Caffeine;Sleep');
      expect(noon.tooltipText).toBe(
        `2025-06-10 12:00 · RMSSD ${find('noon').metrics.rmssd!.toFixed(1)} ms · Tags: Caffeine, Sleep`,
      );
    });

    it('neutralises a formula-looking tag name', async () => {
      const rows = rowsOf((await csv(`user_ids=${id.nora}&tag_ids=${tag.formula}`)).body);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tagName).toBe(`'${FORMULA_TAG}`);
      expect(rows[0]!.tooltipText).toMatch(
        /^2025-06-05 07:00 · RMSSD [\d.]+ ms · Tags: =HYPERLINK/,
      );
    });

    it('exports every member in reach, by name, for members=all', async () => {
      const asLead = rowsOf((await csv('members=all')).body);
      expect([...new Set(asLead.map((row) => row.userId))]).toEqual([id.nora]);
      const asOrg = rowsOf((await csv('members=all', token.orgAdmin)).body);
      // Bravo, Cleo before Norm, Nora: last names first.
      expect([...new Set(asOrg.map((row) => row.userId))]).toEqual([id.cleo, id.nora]);
      expect(asOrg).toHaveLength(nora.length + 1);
    });

    it('answers 404 before streaming when a picked member is outside the reach', async () => {
      const response = await csv(`user_ids=${id.nora},${id.cleo}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
    });

    it('answers 400 without users to export', async () => {
      const response = await csv('members=picked');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('user_ids');
    });
  });

  it('never sends NaN or Infinity', async () => {
    for (const query of ['', 'chart_data_group_by=average', 'reading_taken_time=after_mid_day']) {
      const body = (await t.call('GET', `/api/user/rmssd?user_id=${id.nora}&${query}`, token.lead))
        .body;
      expect(body).not.toMatch(/NaN|Infinity/);
      const list = (JSON.parse(body) as MemberReadingsResponse).list as MemberReading[];
      expect(list.length).toBeGreaterThan(0);
    }
  });
});
