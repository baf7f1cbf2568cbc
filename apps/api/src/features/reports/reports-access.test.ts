import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import type { HrvSession } from '@resonant/contracts/sessions';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';

/*
 * Who may read reports: every route answers 401 signed out, 403 to a plain member and to the app
 * admin, 404 for a member of another organisation (org admin) or of another group (group admin),
 * and 200 for a member in reach.
 */

const NOW = new Date('2025-06-10T12:00:00Z');

describe('reports: who may read what', () => {
  let t: TestApp;
  const token = { orgAdmin: '', lead: '', member: '', appAdmin: '' };
  const id = { member: '', cleo: '', outsider: '' };
  const session = { member: '', cleo: '' };
  const place = { orgId: '', alphaId: '' };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Reports Access Org',
      timeZone: 'Asia/Tokyo',
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: { orgAdmin: true },
        lead: { adminOf: ['Alpha'] },
        member: { groups: ['Alpha'] },
        cleo: { groups: ['Bravo'] },
      },
      signIn: ['orgAdmin', 'lead', 'member', 'cleo'],
    });
    const other = await buildOrg(t, { people: { outsider: { groups: ['Default'] } } });
    Object.assign(token, org.tokens);
    Object.assign(place, { orgId: org.id, alphaId: org.groups.Alpha.id });
    Object.assign(id, { member: org.ids.member, cleo: org.ids.cleo, outsider: other.ids.outsider });
    const admin = await createAccount(t.db, { email: APP_ADMIN_EMAIL });
    token.appAdmin = await t.signIn(admin.email, admin.password);

    const record = async (bearer: string) => {
      await t.call('POST', '/api/v1/readings', bearer, {
        clientId: randomUUID(),
        takenAt: '2025-06-09T07:00:00Z',
        kind: 'morning',
        rr: syntheticRr(300),
      });
      const response = await t.call('POST', '/api/v1/sessions', bearer, {
        clientId: randomUUID(),
        type: 'biofeedback',
        startedAt: '2025-06-09T08:00:00Z',
        sessionName: 'Resonance',
        breathsPerMinute: 6,
        rr: syntheticRr(180, { breathsPerMinute: 6 }),
        ozValues: [{ oz: 80, ts: 0 }],
      });
      expect(response.statusCode).toBe(201);
      return response.json<HrvSession>().id;
    };
    session.member = await record(token.member);
    session.cleo = await record(org.tokens.cleo);
  });
  afterAll(() => t.close());

  const routes = [
    ['readings', (user: string) => `/api/user/rmssd?user_id=${user}`],
    ['selected history', (user: string) => `/api/selected-history?user_id=${user}&type=exercise`],
    [
      'all-time figures',
      (user: string) =>
        `/api/hrv_analytics/biofeedback/all-time?userId=${user}&sessionType=exercise`,
    ],
    ['raw data', (user: string) => `/api/raw-data/${session.member}?user_id=${user}`],
    ['readings CSV', (user: string) => `/api/reports/readings.csv?user_ids=${user}`],
    ['sessions CSV', (user: string) => `/api/reports/sessions.csv?user_ids=${user}&type=exercise`],
  ] as const;

  describe.each(routes)('%s', (_name, url) => {
    it('answers 401 signed out', async () => {
      const response = await t.call('GET', url(id.member));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it.each(['member', 'appAdmin'] as const)('answers 403 to the %s', async (who) => {
      const response = await t.call('GET', url(id.member), token[who]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it.each([
      ['another organisation’s member, to the org admin', 'orgAdmin', () => id.outsider],
      ['another organisation’s member, to a group admin', 'lead', () => id.outsider],
      ['another group’s member, to a group admin', 'lead', () => id.cleo],
      ['nobody', 'orgAdmin', () => randomUUID()],
    ] as const)('answers 404 for %s', async (_case, who, user) => {
      const response = await t.call('GET', url(user()), token[who]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
    });

    it.each(['orgAdmin', 'lead'] as const)(
      'answers 200 to the %s for a member in reach',
      async (who) => {
        const response = await t.call('GET', url(id.member), token[who]);
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toMatch(/NaN|Infinity/);
      },
    );
  });

  it.each(['/api/reports/readings.csv', '/api/reports/sessions.csv'])(
    'documents %s as a text/csv download, its refusals as JSON',
    (path) => {
      const document = t.app.swagger() as {
        paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
      };
      const { responses } = document.paths[path]!.get;
      expect(Object.keys(responses['200']!.content)).toEqual(['text/csv']);
      expect(Object.keys(responses['404']!.content)).toEqual(['application/json']);
    },
  );

  it('lets the org admin read another group’s member, but not once switched into a group', async () => {
    const url = `/api/selected-history?user_id=${id.cleo}&type=exercise`;
    expect((await t.call('GET', url, token.orgAdmin)).statusCode).toBe(200);
    const switched = await t.call('POST', '/api/switch', token.orgAdmin, {
      currentOrgId: place.orgId,
      currentGroupId: place.alphaId,
      currentUserType: 'group',
    });
    expect(switched.statusCode).toBe(200);
    expect((await t.call('GET', url, token.orgAdmin)).statusCode).toBe(404);
  });
});
