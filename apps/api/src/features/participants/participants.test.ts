import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantsResponse } from '@resonant/contracts/participants';
import { NO_CURRENT_GROUP_MESSAGE } from '@resonant/contracts/errors';
import type { Reading } from '@resonant/contracts/readings';
import type { TagsResponse } from '@resonant/contracts/tags';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { recordReading } from '../../../test/record-reading.ts';

const NOW = new Date('2025-06-10T12:00:00Z');
const DAY_MS = 24 * 3600 * 1000;

describe('group participants', () => {
  let t: TestApp;
  let orgA: { id: string };
  let bravo: { id: string };
  const id = { groupAdmin: '', ada: '', ben: '', cleo: '', outsider: '', orgAdmin: '' };
  const token = { orgAdmin: '', groupAdmin: '', member: '', otherOrgAdmin: '' };
  /** Ada's readings as the ingestion service stored them, newest first. */
  let adaReadings: Reading[] = [];
  let sleepTagId = '';

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const participantsOrg = await buildOrg(t, {
      name: 'Participants Org',
      timeZone: 'Europe/Berlin',
      groups: ['Alpha', 'Bravo'],
      people: {
        orgAdmin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true },
        groupAdmin: { firstName: 'Gus', lastName: 'Lead', adminOf: ['Alpha'] },
        ada: { firstName: 'Ada', lastName: 'Zane', groups: ['Alpha'] },
        ben: { firstName: 'ben', lastName: 'Young', groups: ['Alpha'] },
        cleo: { firstName: 'Cleo', lastName: 'Bravo', groups: ['Bravo'] },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'ada'],
    });
    const orgB = await buildOrg(t, {
      name: 'Participants Other Org',
      people: {
        outsider: { firstName: 'Otto', lastName: 'Other', groups: ['Default'] },
        otherOrgAdmin: { orgAdmin: true },
      },
      signIn: ['otherOrgAdmin'],
    });
    orgA = participantsOrg;
    bravo = participantsOrg.groups.Bravo;
    Object.assign(id, participantsOrg.ids, { outsider: orgB.ids.outsider });
    Object.assign(token, {
      orgAdmin: participantsOrg.tokens.orgAdmin,
      groupAdmin: participantsOrg.tokens.groupAdmin,
      member: participantsOrg.tokens.ada,
      otherOrgAdmin: orgB.tokens.otherOrgAdmin,
    });

    const tagList = await t.app.inject({
      method: 'GET',
      url: '/api/tags',
      headers: t.bearer(token.member),
    });
    sleepTagId = tagList.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Sleep')!.id;

    // Ada: a morning reading on each of the last 7 days (the newest tagged), plus a 40 s anytime
    // reading the engine flags as low quality. Ben and Cleo: none and one.
    const ingested: Reading[] = [];
    for (let daysAgo = 6; daysAgo >= 0; daysAgo--) {
      const outcome = await recordReading(
        t.db,
        { orgId: orgA.id, accountId: id.ada },
        {
          clientId: `ada-${daysAgo}`,
          takenAt: new Date(NOW.getTime() - daysAgo * DAY_MS - 5 * 3600 * 1000),
          kind: 'morning',
          rr: syntheticRr(300, { meanMs: 900 + daysAgo * 20, swingMs: 20 + daysAgo * 5 }),
          tags: daysAgo === 0 ? [sleepTagId] : [],
        },
        NOW,
      );
      ingested.push(outcome.reading);
    }
    const low = await recordReading(
      t.db,
      { orgId: orgA.id, accountId: id.ada },
      {
        clientId: 'ada-short',
        takenAt: new Date(NOW.getTime() - 3600 * 1000),
        kind: 'anytime',
        rr: syntheticRr(40, { meanMs: 950, swingMs: 30 }),
      },
      NOW,
    );
    expect(low.reading.quality).toBe('low');
    ingested.push(low.reading);
    adaReadings = ingested.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
    await recordReading(
      t.db,
      { orgId: orgA.id, accountId: id.cleo },
      {
        clientId: 'cleo-1',
        takenAt: new Date(NOW.getTime() - DAY_MS),
        kind: 'morning',
        rr: syntheticRr(300, { swingMs: 30 }),
      },
      NOW,
    );
  });
  afterAll(() => t.close());

  const get = (bearer: string | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer ? t.bearer(bearer) : {} });
  const switchTo = async (bearer: string, groupId: string | null) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/switch',
      headers: t.bearer(bearer),
      payload: {
        currentOrgId: orgA.id,
        currentGroupId: groupId,
        currentUserType: groupId ? 'group' : 'org',
      },
    });
    expect(response.statusCode).toBe(200);
  };

  describe('GET /api/group/participants', () => {
    it('answers 401 when signed out', async () => {
      const response = await get(undefined, '/api/group/participants?rmssd=false');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a plain member', async () => {
      const response = await get(token.member, '/api/group/participants?rmssd=false');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 403 to an org admin who has not switched into a group', async () => {
      const response = await get(token.orgAdmin, '/api/group/participants');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });
    });

    it('answers 400 naming the parameter for a bad rmssd flag', async () => {
      const response = await get(token.groupAdmin, '/api/group/participants?rmssd=maybe');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('rmssd');
    });

    it("lists the group admin's group by name, with flags, last reading and mean RMSSD", async () => {
      const response = await get(token.groupAdmin, '/api/group/participants?rmssd=true');
      expect(response.statusCode).toBe(200);
      const { list } = response.json<ParticipantsResponse>();
      const good = adaReadings.filter((reading) => reading.quality === 'good');
      const adaMean = good.reduce((sum, r) => sum + r.metrics.rmssd!, 0) / good.length;
      expect(list.map((row) => row.first_name)).toEqual(['Ada', 'ben', 'Gus']);
      expect(list[0]).toEqual({
        // The users list's columns (SPEC §3 "Org user row"): the group area shows them in one table.
        user_id: id.ada,
        full_name: 'Ada Zane',
        first_name: 'Ada',
        last_name: 'Zane',
        birth_date: expect.any(String),
        gender: expect.any(String),
        email: expect.stringContaining('@example.test'),
        last_activity_date: expect.any(String),
        last_activity_type: expect.any(String),
        user_highest_role: 'user',
        created_at: expect.any(String),
        subscription_payer: 'Org',
        is_solo: false,
        is_external: false,
        is_group_admin: false,
        // The newest reading counts even when it is low quality; the mean leaves it out.
        last_reading_at: new Date(NOW.getTime() - 3600 * 1000).toISOString(),
        avg_rmssd: expect.any(Number),
      });
      expect(list[0]!.avg_rmssd).toBeCloseTo(adaMean, 9);
      expect(list[1]).toMatchObject({
        user_id: id.ben,
        is_group_admin: false,
        last_reading_at: null,
        avg_rmssd: null,
      });
      expect(list[2]).toMatchObject({
        user_id: id.groupAdmin,
        is_group_admin: true,
        user_highest_role: 'group',
      });
    });

    it.each(['?rmssd=false', ''])('leaves the averages out with %s', async (query) => {
      const response = await get(token.groupAdmin, `/api/group/participants${query}`);
      const { list } = response.json<ParticipantsResponse>();
      expect(list.map((row) => row.avg_rmssd)).toEqual([null, null, null]);
      expect(list[0]!.last_reading_at).not.toBeNull();
    });

    it('shows an org admin switched into a group only that group', async () => {
      await switchTo(token.orgAdmin, bravo.id);
      try {
        const response = await get(token.orgAdmin, '/api/group/participants?rmssd=false');
        expect(response.statusCode).toBe(200);
        expect(response.json<ParticipantsResponse>().list.map((row) => row.user_id)).toEqual([
          id.cleo,
        ]);
      } finally {
        await switchTo(token.orgAdmin, null);
      }
    });
  });
});
