import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogResponse } from '@resonant/contracts/access-log';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

describe('GET /api/v1/access-log', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof buildTestOrg>>;
  const buildTestOrg = () =>
    buildOrg(t, {
      name: `Watched ${randomUUID().slice(0, 8)}`,
      people: {
        owner: { orgAdmin: true, firstName: 'Olive', lastName: 'Owner' },
        ada: { firstName: 'Ada', lastName: 'Lovelace' },
        bo: {},
      },
      signIn: ['owner', 'ada', 'bo'],
    });
  const log = async (token: string, query = '') => {
    const response = await t.call('GET', `/api/v1/access-log${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<AccessLogResponse>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    org = await buildTestOrg();
    for (const person of ['ada', 'bo'] as const) {
      const reading = await t.call('POST', '/api/v1/readings', org.tokens[person], {
        clientId: randomUUID(),
        takenAt: '2025-06-09T07:00:00Z',
        kind: 'morning',
        rr: syntheticRr(300),
      });
      expect(reading.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('answers 401 signed out', async () => {
    expect((await t.call('GET', '/api/v1/access-log')).statusCode).toBe(401);
  });

  it('answers 403 to the app admin, who has no data of their own', async () => {
    const admin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    expect((await t.call('GET', '/api/v1/access-log', admin.token)).statusCode).toBe(403);
  });

  it('answers 400 to a cursor that is not an id', async () => {
    const response = await t.call('GET', '/api/v1/access-log?cursor=yesterday', org.tokens.ada);
    expect(response.statusCode).toBe(400);
  });

  it('is empty before anyone looked', async () => {
    expect(await log(org.tokens.ada)).toEqual({ entries: [], nextCursor: null });
  });

  it("shows an org admin's CSV download in words, and never another member's events", async () => {
    const csv = await t.call(
      'GET',
      `/api/reports/readings.csv?user_ids=${org.ids.ada}`,
      org.tokens.owner,
    );
    expect(csv.statusCode).toBe(200);
    const opened = await t.call('GET', `/api/user/rmssd?user_id=${org.ids.bo}`, org.tokens.owner);
    expect(opened.statusCode).toBe(200);

    const ada = await log(org.tokens.ada);
    expect(ada.entries).toEqual([
      {
        id: expect.any(String),
        who: 'Olive Owner',
        role: 'Organization Admin',
        organisation: org.name,
        what: 'downloaded your readings as CSV',
        at: expect.any(String),
      },
    ]);
    const bo = await log(org.tokens.bo);
    expect(bo.entries.map((entry) => entry.what)).toEqual(['opened your readings']);
    // The owner's own reads of others are not in the owner's log.
    expect((await log(org.tokens.owner)).entries).toEqual([]);
  });

  it('pages newest first with the cursor', async () => {
    for (const report of ['readings.csv', 'sessions.csv?type=exercise&']) {
      const separator = report.includes('?') ? '' : '?';
      const url = `/api/reports/${report}${separator}user_ids=${org.ids.bo}`;
      expect((await t.call('GET', url, org.tokens.owner)).statusCode).toBe(200);
    }
    const first = await log(org.tokens.bo, '?limit=2');
    expect(first.entries.map((entry) => entry.what)).toEqual([
      'downloaded your exercise sessions as CSV',
      'downloaded your readings as CSV',
    ]);
    expect(first.nextCursor).toBe(first.entries[1]!.id);
    const second = await log(org.tokens.bo, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({
      entries: [expect.objectContaining({ what: 'opened your readings' })],
      nextCursor: null,
    });
    // Another member's cursor does not open their log: the page is empty.
    const theirs = await log(org.tokens.ada, `?cursor=${first.nextCursor}`);
    expect(theirs.entries).toEqual([]);
  });
});
