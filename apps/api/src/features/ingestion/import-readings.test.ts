import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReadingsResponse } from '@resonant/contracts/readings';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { withCpuTime } from '../../../test/cpu-time.ts';
import type { UploadFile } from '../../../test/multipart-body.ts';
import { memberAndAppAdmin } from '../../../test/ingestion-fixtures.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { readings } from '../../db/schema/readings.ts';
import { memberDailyRollups } from '../../db/schema/rollups.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('POST /api/v1/readings/import', () => {
  let t: TestApp;
  let memberId: string;
  const token = { member: '', appAdmin: '' };

  const plain = `# exported by an HRV app\n${syntheticRr(300).join('\n')}\n`;
  const csv = `Time (s),RR (ms),HR\n${syntheticRr(180, { meanMs: 850 })
    .map((rr, i) => `${i},${rr},${Math.round(60000 / rr)}`)
    .join('\n')}\n`;
  const seconds = syntheticRr(120, { meanMs: 900 })
    .map((rr) => (rr / 1000).toFixed(3))
    .join('\n');

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const callers = await memberAndAppAdmin(t);
    memberId = callers.memberId;
    Object.assign(token, callers.token);
  });
  afterAll(() => t.close());

  const upload = (
    bearer: string | undefined,
    files: UploadFile[],
    fields?: Record<string, string>,
  ) => t.upload('/api/v1/readings/import', bearer, files, fields);
  const readingCount = async () =>
    (await t.db.select({ n: count() }).from(readings).where(eq(readings.accountId, memberId)))[0]!
      .n;

  it('answers 401 when signed out and 403 to the app admin', async () => {
    const files = [{ name: 'rr.txt', content: plain }];
    expect((await upload(undefined, files)).statusCode).toBe(401);
    const refused = await upload(token.appAdmin, files);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String) });
  });

  it('stores one reading per file and reports each file, a bad one among them', async () => {
    const before = await readingCount();
    const response = await upload(
      token.member,
      [
        { name: 'morning.txt', content: plain },
        { name: 'polar.csv', content: csv, type: 'text/csv' },
        { name: 'broken.txt', content: '812\n830\nhello\n' },
        { name: 'photo.png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
        { name: 'seconds.txt', content: seconds },
      ],
      { takenAt: '2025-06-01T06:15:00+02:00', kind: 'morning' },
    );
    expect(response.statusCode).toBe(200);
    const { results } = response.json<ImportReadingsResponse>();
    expect(results.map(({ file, status }) => ({ file, status }))).toEqual([
      { file: 'morning.txt', status: 'created' },
      { file: 'polar.csv', status: 'created' },
      { file: 'broken.txt', status: 'failed' },
      { file: 'photo.png', status: 'failed' },
      { file: 'seconds.txt', status: 'created' },
    ]);
    expect(results[0]!.reading).toMatchObject({
      takenAt: '2025-06-01T04:15:00.000Z',
      kind: 'morning',
      quality: 'good',
      clientId: expect.stringMatching(/^import-[0-9a-f]{64}$/),
    });
    expect(results[0]!.reading!.metrics.meanNni).toBeCloseTo(1000, -1);
    expect(results[1]!.reading!.metrics.meanNni).toBeCloseTo(850, -1);
    expect(results[4]!.reading!.metrics.meanNni).toBeCloseTo(900, -1);
    expect(results[2]).toEqual({
      file: 'broken.txt',
      status: 'failed',
      message: 'line 3: "hello" is not a number',
    });
    expect(results[3]).toEqual({
      file: 'photo.png',
      status: 'failed',
      message: expect.stringMatching(/^Unsupported file type/),
    });
    expect(await readingCount()).toBe(before + 3);
    const rollups = await t.db
      .select()
      .from(memberDailyRollups)
      .where(eq(memberDailyRollups.accountId, memberId));
    expect(rollups).toEqual([
      expect.objectContaining({ day: '2025-06-01', readingsCount: 3, morningCount: 3 }),
    ]);
  });

  it('reports a file uploaded again as a duplicate of the same reading', async () => {
    const first = (
      await upload(token.member, [
        { name: 'again.txt', content: syntheticRr(200, { meanMs: 950 }).join('\n') },
      ])
    ).json<ImportReadingsResponse>().results[0]!;
    expect(first.status).toBe('created');
    const before = await readingCount();
    // Same recording, another name and layout: still the same series.
    const again = await upload(token.member, [
      { name: 'renamed.csv', content: `rr\n${syntheticRr(200, { meanMs: 950 }).join('\n')}\n` },
    ]);
    expect(again.statusCode).toBe(200);
    const [result] = again.json<ImportReadingsResponse>().results;
    expect(result).toEqual({ file: 'renamed.csv', status: 'duplicate', reading: first.reading });
    expect(await readingCount()).toBe(before);
  });

  it('stores a recording uploaded twice in one upload once, through one batch', async () => {
    const before = await readingCount();
    const series = syntheticRr(150, { meanMs: 870 }).join('\n');
    const response = await upload(
      token.member,
      [
        { name: 'first.txt', content: series },
        { name: 'flat.txt', content: '800\n'.repeat(5) + '5000\n' },
        { name: 'copy.txt', content: `# the same again\n${series}\n` },
      ],
      { takenAt: '2025-05-30T07:00:00Z', kind: 'morning' },
    );
    expect(response.statusCode).toBe(200);
    const [first, refused, copy] = response.json<ImportReadingsResponse>().results;
    expect(first).toMatchObject({ file: 'first.txt', status: 'created' });
    expect(refused).toEqual({
      file: 'flat.txt',
      status: 'failed',
      message: 'line 6: 5000 ms is out of range (200-3000 ms)',
    });
    expect(copy).toEqual({ file: 'copy.txt', status: 'duplicate', reading: first!.reading });
    expect(await readingCount()).toBe(before + 1);
    const [rollup] = await t.db
      .select()
      .from(memberDailyRollups)
      .where(eq(memberDailyRollups.day, '2025-05-30'));
    expect(rollup).toMatchObject({ accountId: memberId, readingsCount: 1 });
  });

  it('defaults to now and anytime without form fields', async () => {
    const response = await upload(token.member, [
      { name: 'default.txt', content: syntheticRr(90, { meanMs: 1100 }).join('\n') },
    ]);
    expect(response.json<ImportReadingsResponse>().results[0]!.reading).toMatchObject({
      takenAt: NOW.toISOString(),
      kind: 'anytime',
    });
  });

  const refusals: [string, () => Promise<{ statusCode: number; json: () => unknown }>, string][] = [
    [
      'a future takenAt',
      () =>
        upload(token.member, [{ name: 'a.txt', content: plain }], {
          takenAt: '2025-06-01T13:00:00Z',
        }),
      'takenAt: Must not be in the future',
    ],
    [
      'a takenAt that is not a date-time',
      () => upload(token.member, [{ name: 'a.txt', content: plain }], { takenAt: 'yesterday' }),
      'takenAt:',
    ],
    [
      'an unknown kind',
      () => upload(token.member, [{ name: 'a.txt', content: plain }], { kind: 'evening' }),
      'kind: Must be morning or anytime',
    ],
    ['no file', () => upload(token.member, [], { kind: 'morning' }), 'file: Attach at least one'],
    [
      'a JSON body',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/readings/import',
          headers: t.bearer(token.member),
          payload: { rr: [800] },
        }),
      'multipart/form-data',
    ],
  ];
  it.each(refusals)('answers 400 to %s, storing nothing', async (_name, send, message) => {
    const before = await readingCount();
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
    expect(await readingCount()).toBe(before);
  });

  // Issue 27: a number pattern that backtracked took 163 ms on an 8,000-digit cell and four times
  // that for each doubling, so one such upload stalled the process for half an hour.
  it('answers a 1 MB hostile cell at once', async () => {
    const cell = `${'1'.repeat(1_000_000)}+`;
    // The same path once with a line just too long, so the bound measures the input, not the
    // first compile of the upload's code.
    await upload(token.member, [{ name: 'rr.txt', content: `812\n${'1'.repeat(10_010)}\n` }]);
    const { result: response, cpuMs } = await withCpuTime(() =>
      upload(token.member, [{ name: 'rr.txt', content: `812\n${cell}\n` }]),
    );
    expect(response.json<ImportReadingsResponse>().results).toEqual([
      {
        file: 'rr.txt',
        status: 'failed',
        message: 'line 2: A line is longer than 10,000 characters',
      },
    ]);
    expect(cpuMs).toBeLessThan(100);
  });

  it('answers 413 to a file over the size limit, storing nothing', async () => {
    const before = await readingCount();
    const response = await upload(token.member, [
      { name: 'huge.txt', content: '800\n'.repeat(2_300_000) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'A file is larger than 8 MB' });
    expect(await readingCount()).toBe(before);
  });

  it('answers 413 to more files than allowed', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.txt`, content: '800\n' }));
    const response = await upload(token.member, files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'At most 10 files per upload' });
  });
});
