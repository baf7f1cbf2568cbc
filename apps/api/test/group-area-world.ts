import { afterAll, beforeAll, expect } from 'vitest';
import type { Reading } from '@resonant/contracts/readings';
import type { TagsResponse } from '@resonant/contracts/tags';
import { buildTestApp } from './build-test-app.ts';
import { buildOrg } from './org-builder.ts';
import { recordReading } from './record-reading.ts';
import { switchContext } from './switch-context.ts';
import { syntheticRr } from './synthetic-rr.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The group area's world, shared by the participants and reports tests: an organisation in
 * Europe/Berlin with groups Alpha (group admin Gus, members Ada and Ben) and Bravo (Cleo), another
 * organisation (Otto, an outsider), and readings: Ada a morning reading on each of the last 7 days
 * (the newest tagged Sleep) plus a low-quality one, Ben none, Cleo one.
 */
async function buildGroupAreaWorld(now: Date) {
  const t = await buildTestApp({ clock: () => now });
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
  const id = { ...participantsOrg.ids, outsider: orgB.ids.outsider };
  const token = {
    orgAdmin: participantsOrg.tokens.orgAdmin,
    groupAdmin: participantsOrg.tokens.groupAdmin,
    member: participantsOrg.tokens.ada,
    otherOrgAdmin: orgB.tokens.otherOrgAdmin,
  };

  const tagList = await t.app.inject({
    method: 'GET',
    url: '/api/tags',
    headers: t.bearer(token.member),
  });
  const sleepTagId = tagList.json<TagsResponse>().list.find((tag) => tag.tag_name === 'Sleep')!.id;

  // Ada: a morning reading on each of the last 7 days (the newest tagged), plus a 40 s anytime
  // reading the engine flags as low quality. Ben and Cleo: none and one.
  const ingested: Reading[] = [];
  for (let daysAgo = 6; daysAgo >= 0; daysAgo--) {
    const outcome = await recordReading(
      t.db,
      { orgId: participantsOrg.id, accountId: id.ada },
      {
        clientId: `ada-${daysAgo}`,
        takenAt: new Date(now.getTime() - daysAgo * DAY_MS - 5 * 3600 * 1000),
        kind: 'morning',
        rr: syntheticRr(300, { meanMs: 900 + daysAgo * 20, swingMs: 20 + daysAgo * 5 }),
        tags: daysAgo === 0 ? [sleepTagId] : [],
      },
      now,
    );
    ingested.push(outcome.reading);
  }
  const low = await recordReading(
    t.db,
    { orgId: participantsOrg.id, accountId: id.ada },
    {
      clientId: 'ada-short',
      takenAt: new Date(now.getTime() - 3600 * 1000),
      kind: 'anytime',
      rr: syntheticRr(40, { meanMs: 950, swingMs: 30 }),
    },
    now,
  );
  expect(low.reading.quality).toBe('low');
  ingested.push(low.reading);
  const adaReadings = ingested.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
  await recordReading(
    t.db,
    { orgId: participantsOrg.id, accountId: id.cleo },
    {
      clientId: 'cleo-1',
      takenAt: new Date(now.getTime() - DAY_MS),
      kind: 'morning',
      rr: syntheticRr(300, { swingMs: 30 }),
    },
    now,
  );

  const get = (bearer: string | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer ? t.bearer(bearer) : {} });
  const switchTo = (bearer: string, groupId: string | null) =>
    switchContext(t, bearer, participantsOrg.id, groupId);
  return {
    t,
    org: participantsOrg,
    id,
    token,
    sleepTagId,
    /** Ada's readings as the ingestion service stored them, newest first. */
    adaReadings,
    get,
    switchTo,
  };
}

export type GroupAreaWorld = Awaited<ReturnType<typeof buildGroupAreaWorld>>;

/**
 * The group area's world for the enclosing describe: built before its tests, closed after them.
 * The returned object is filled in once `beforeAll` has run, so read it inside tests only.
 */
export function useGroupAreaWorld(now: Date): GroupAreaWorld {
  const world = {} as GroupAreaWorld;
  beforeAll(async () => {
    Object.assign(world, await buildGroupAreaWorld(now));
  });
  afterAll(() => world.t?.close());
  return world;
}
