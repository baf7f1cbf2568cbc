import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../test/org-builder.ts';
import { profiles } from '../db/schema/accounts.ts';

const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';
const PROFILE = { firstName: 'Ann', lastName: 'Lee', gender: 'Female', birthDate: '1990-01-01' };

// PostgreSQL cannot store NUL in text or jsonb: these used to reach the database and answer 500.
describe('text PostgreSQL cannot store is refused before any route (400 naming the field)', () => {
  let t: TestApp;
  let orgAdmin: { id: string; token: string };
  let appAdmin = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await buildOrg(t, {
      people: { orgAdmin: { firstName: 'Olga', orgAdmin: true, groups: ['Default'] } },
      signIn: ['orgAdmin'],
    });
    orgAdmin = { id: org.ids.orgAdmin, token: org.tokens.orgAdmin };
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  it.each([
    ['firstName', { ...PROFILE, firstName: 'An\u0000n' }],
    ['lastName', { ...PROFILE, lastName: '\u0000' }],
  ])('PUT /api/user/profile with a NUL in %s', async (field, body) => {
    const response = await t.call('PUT', '/api/user/profile', orgAdmin.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${field}: ${NUL_MESSAGE}` });
    const [stored] = await t.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.accountId, orgAdmin.id));
    expect(stored?.firstName).toBe('Olga');
  });

  it.each([
    ['/api/org/users?search=a%00b', 'search'],
    ['/api/group/users?keyword=ann%00', 'keyword'],
    ['/api/org/invitation/list?search=%00', 'search'],
  ])('GET %s', async (url, field) => {
    const response = await t.call('GET', url, orgAdmin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${field}: ${NUL_MESSAGE}` });
  });

  it('GET /api/org/search_orgs with a NUL in search_term (app admin)', async () => {
    const response = await t.call('GET', '/api/org/search_orgs?search_term=or%00g', appAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `search_term: ${NUL_MESSAGE}` });
  });

  it('names a path parameter, a nested field and a key', async () => {
    const param = await t.call('GET', '/api/org/user_groups/%00', orgAdmin.token);
    expect(param.json()).toEqual({ message: `userId: ${NUL_MESSAGE}` });
    const nested = await t.call('POST', '/api/v1/sessions', orgAdmin.token, {
      breathTime: { name: 'box\u0000' },
    });
    expect(nested.json()).toEqual({ message: `breathTime.name: ${NUL_MESSAGE}` });
    const key = await t.call('POST', '/api/v1/readings', orgAdmin.token, {
      tags: [{ 'x\u0000': 1 }],
    });
    expect(key.json()).toEqual({ message: `tags.0.x\\u0000: ${NUL_MESSAGE}` });
    expect([param.statusCode, nested.statusCode, key.statusCode]).toEqual([400, 400, 400]);
  });

  it('refuses a lone surrogate, which cannot be encoded as UTF-8, instead of mangling it', async () => {
    const response = await t.call('PUT', '/api/user/profile', orgAdmin.token, {
      ...PROFILE,
      firstName: 'An\ud800',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'firstName: Must be valid Unicode text (a lone surrogate U+D800 cannot be stored)',
    });
  });

  // Found by the fuzz suite: a recursive walk overflowed the stack (500) on such a body.
  it('reads a body nested 20,000 levels deep', async () => {
    const nested = (leaf: string) => '{"a":'.repeat(20_000) + leaf + '}'.repeat(20_000);
    const post = (payload: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { ...t.bearer(orgAdmin.token), 'content-type': 'application/json' },
        payload,
      });
    const clean = await post(nested('"x"'));
    expect(clean.statusCode).toBe(400);
    const withNul = await post(nested('"\\u0000"'));
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json<{ message: string }>().message).toMatch(/^a\.a\.a\..*: Must not contain/);
  });

  it('lets other control characters through to the field rules', async () => {
    const response = await t.call('PUT', '/api/user/profile', orgAdmin.token, {
      ...PROFILE,
      firstName: 'Tab\tAnn',
    });
    // The name rule (SPEC §5), not this plugin, answers for a tab in a name.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'firstName: Invalid characters' });
  });
});
