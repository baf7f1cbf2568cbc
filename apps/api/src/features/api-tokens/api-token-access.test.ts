import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_NOT_ACCEPTED_MESSAGE,
  apiTokenScopeMessage,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from '@resonant/contracts/api-tokens';
import type { Reading } from '@resonant/contracts/readings';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { personalApiTokens } from '../../db/schema/accounts.ts';
import { readings } from '../../db/schema/readings.ts';

// How /api/v1 takes a personal API token (plugins/session.ts): only on a route that names the
// token's scope, as its account in its stored context, until it expires or is revoked.
describe('a personal API token as a bearer token', () => {
  let now = new Date('2026-03-02T08:00:00Z');
  let t: TestApp;
  let org: Awaited<ReturnType<typeof buildWorld>>;

  const buildWorld = (app: TestApp) =>
    buildOrg(app, {
      people: { member: { groups: ['Default'] }, other: { groups: ['Default'] } },
      signIn: ['member', 'other'],
    });

  beforeAll(async () => {
    t = await buildTestApp({
      clock: () => now,
      extraRoutes: (app) => {
        // A readings:read route that answers who is calling: the account and context a token takes.
        app.get(
          '/api/v1/test/own',
          { config: { permission: 'own-data.manage', tokenScope: 'readings:read' } },
          async (request) => ({ accountId: request.scope.accountId, orgId: request.scope.orgId }),
        );
      },
    });
    org = await buildWorld(t);
  });
  afterAll(() => t.close());

  const makeToken = async (
    scopes: ApiTokenScope[],
    session = org.tokens.member,
    expiresInDays = 30,
  ) => {
    const response = await t.call('POST', '/api/v1/tokens', session, {
      name: 'Script',
      scopes,
      expiresInDays,
    });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiTokenResponse>();
  };
  const upload = (bearer: string) =>
    t.call('POST', '/api/v1/readings', bearer, {
      clientId: randomUUID(),
      takenAt: '2026-03-02T06:30:00Z',
      kind: 'morning',
      rr: syntheticRr(300),
    });
  const lastUsed = async (id: string) =>
    (
      await t.db
        .select({ at: personalApiTokens.lastUsedAt })
        .from(personalApiTokens)
        .where(eq(personalApiTokens.id, id))
    )[0]!.at;

  it('uploads a reading with readings:write, as the member in their organisation', async () => {
    const { secret } = await makeToken(['readings:write']);
    const response = await upload(secret);
    expect(response.statusCode).toBe(201);
    const [stored] = await t.db
      .select({ accountId: readings.accountId, orgId: readings.orgId })
      .from(readings)
      .where(eq(readings.id, response.json<Reading>().id));
    expect(stored).toEqual({ accountId: org.ids.member, orgId: org.id });
  });

  it('reads with readings:read as its own account', async () => {
    const { secret } = await makeToken(['readings:read']);
    const response = await t.call('GET', '/api/v1/test/own', secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accountId: org.ids.member, orgId: org.id });
  });

  it("reads the member's own data on the real read routes, and only with readings:read", async () => {
    const writer = await makeToken(['readings:write']);
    const uploaded = (await upload(writer.secret)).json<Reading>();
    const reader = await makeToken(['readings:read']);
    const list = await t.call('GET', '/api/v1/readings', reader.secret);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ list: { id: string }[] }>().list.map((row) => row.id)).toContain(
      uploaded.id,
    );
    for (const url of [
      '/api/v1/readings',
      `/api/v1/readings/${uploaded.id}`,
      '/api/v1/sessions',
      '/api/v1/dashboard',
    ]) {
      const refused = await t.call('GET', url, writer.secret);
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('answers 403 naming the scope a token lacks, and stores nothing', async () => {
    const writer = await makeToken(['readings:write']);
    const cannotRead = await t.call('GET', '/api/v1/test/own', writer.secret);
    expect(cannotRead.statusCode).toBe(403);
    expect(cannotRead.json()).toEqual({ message: apiTokenScopeMessage('readings:read') });

    const reader = await makeToken(['readings:read']);
    const before = (await t.db.select({ id: readings.id }).from(readings)).length;
    const cannotWrite = await upload(reader.secret);
    expect(cannotWrite.statusCode).toBe(403);
    expect(cannotWrite.json()).toEqual({ message: apiTokenScopeMessage('readings:write') });
    expect((await t.db.select({ id: readings.id }).from(readings)).length).toBe(before);
    expect(await lastUsed(reader.token.id)).toBeNull();
  });

  it('answers 401 outside /api/v1 and on /api/v1 routes without a token scope', async () => {
    const { secret } = await makeToken(['readings:read', 'readings:write']);
    for (const url of ['/api/user/profile', '/api/user/sessions', '/api/v1/tokens']) {
      const response = await t.call('GET', url, secret);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: API_TOKEN_NOT_ACCEPTED_MESSAGE });
    }
  });

  it('answers 401 once the token is revoked', async () => {
    const { token, secret } = await makeToken(['readings:write']);
    expect((await upload(secret)).statusCode).toBe(201);
    await t.call('DELETE', `/api/v1/tokens/${token.id}`, org.tokens.member);
    expect((await upload(secret)).statusCode).toBe(401);
  });

  it('answers 401 once the token has expired, and to a made-up token', async () => {
    const { secret } = await makeToken(['readings:read']);
    expect((await t.call('GET', '/api/v1/test/own', secret)).statusCode).toBe(200);
    const start = now;
    now = new Date(start.getTime() + 30 * 24 * 60 * 60 * 1000);
    try {
      expect((await t.call('GET', '/api/v1/test/own', secret)).statusCode).toBe(401);
    } finally {
      now = start;
    }
    const madeUp = `rsn_pat_${'A'.repeat(43)}`;
    expect((await t.call('GET', '/api/v1/test/own', madeUp)).statusCode).toBe(401);
  });

  it('records its last use at most once a minute', async () => {
    const { token, secret } = await makeToken(['readings:read']);
    const start = now;
    const call = async (secondsLater: number) => {
      now = new Date(start.getTime() + secondsLater * 1000);
      expect((await t.call('GET', '/api/v1/test/own', secret)).statusCode).toBe(200);
    };
    try {
      await call(0);
      expect(await lastUsed(token.id)).toEqual(start);
      await call(59);
      expect(await lastUsed(token.id)).toEqual(start);
      await call(60);
      expect(await lastUsed(token.id)).toEqual(new Date(start.getTime() + 60_000));
    } finally {
      now = start;
    }
    const listed = await t.call('GET', '/api/v1/tokens', org.tokens.member);
    const shown = listed.json<{ tokens: { id: string; lastUsedAt: string }[] }>().tokens;
    expect(shown.find((row) => row.id === token.id)!.lastUsedAt).toBe(
      new Date(start.getTime() + 60_000).toISOString(),
    );
  });

  it('acts as the account that made it', async () => {
    const { secret } = await makeToken(['readings:read'], org.tokens.other);
    const response = await t.call('GET', '/api/v1/test/own', secret);
    expect(response.json()).toEqual({ accountId: org.ids.other, orgId: org.id });
  });

  it('refuses to start when a route outside /api/v1 names a token scope', async () => {
    await expect(
      buildTestApp({
        extraRoutes: (app) => {
          app.get(
            '/api/test/misplaced',
            { config: { permission: 'own-data.manage', tokenScope: 'readings:read' } },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow('Token scopes outside /api/v1/: GET /api/test/misplaced');
  });
});
