import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagsResponse } from '@resonant/contracts/tags';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { tags } from '../../db/schema/readings.ts';
import { NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';

const PLATFORM_TAGS = [
  'Alcohol',
  'Caffeine',
  'Exercise',
  'Illness',
  'Meditation',
  'Recovery',
  'Sleep',
  'Stress',
  'Travel',
  'Work',
];

describe('GET /api/tags', () => {
  let t: TestApp;
  const token = { orgA: '', orgAdminA: '', orgB: '', appAdmin: '', noOrg: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    const orgA = await buildOrg(t, {
      people: { member: { groups: ['Default'] }, admin: { orgAdmin: true } },
      signIn: ['member', 'admin'],
    });
    const orgB = await buildOrg(t, {
      people: { member: { groups: ['Default'] } },
      signIn: ['member'],
    });
    await t.db.insert(tags).values([
      { orgId: orgA.id, name: 'breathwork' },
      { orgId: orgA.id, name: 'Zen garden' },
      { orgId: orgB.id, name: 'Night shift' },
    ]);
    token.orgA = orgA.tokens.member;
    token.orgAdminA = orgA.tokens.admin;
    token.orgB = orgB.tokens.member;
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    token.noOrg = (await signedInAccount(t)).token;
  });
  afterAll(() => t.close());

  const list = (bearer?: string) =>
    t.app.inject({ method: 'GET', url: '/api/tags', headers: bearer ? t.bearer(bearer) : {} });
  const names = async (bearer: string) =>
    (await list(bearer)).json<TagsResponse>().list.map((tag) => tag.tag_name);

  it('answers 401 when signed out', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 403 to callers without an organisation: the app admin, an account with none', async () => {
    for (const bearer of [token.appAdmin, token.noOrg]) {
      const response = await list(bearer);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NO_CURRENT_ORG_MESSAGE });
    }
  });

  it('lists the platform tags and the organisation’s own, sorted by name', async () => {
    const response = await list(token.orgA);
    expect(response.statusCode).toBe(200);
    const body = response.json<TagsResponse>();
    expect(body.list.every((tag) => Object.keys(tag).sort().join() === 'id,tag_name')).toBe(true);
    expect(body.list.map((tag) => tag.tag_name)).toEqual(
      [...PLATFORM_TAGS, 'breathwork', 'Zen garden'].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect(await names(token.orgAdminA)).toEqual(body.list.map((tag) => tag.tag_name));
  });

  it('never shows one organisation’s own tags to another', async () => {
    const tagsOfB = await names(token.orgB);
    expect(tagsOfB).toEqual([
      ...PLATFORM_TAGS.slice(0, 5),
      'Night shift',
      ...PLATFORM_TAGS.slice(5),
    ]);
    expect(tagsOfB).not.toContain('breathwork');
    const idsOfA = (await list(token.orgA)).json<TagsResponse>().list;
    const idsOfB = (await list(token.orgB)).json<TagsResponse>().list;
    const platformIds = (entries: typeof idsOfA) =>
      entries.filter((tag) => PLATFORM_TAGS.includes(tag.tag_name)).map((tag) => tag.id);
    // The platform tags are the same rows for everyone.
    expect(platformIds(idsOfB)).toEqual(platformIds(idsOfA));
  });
});
