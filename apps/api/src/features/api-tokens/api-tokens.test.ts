import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKENS_PER_ACCOUNT,
  type ApiTokensResponse,
  type CreatedApiTokenResponse,
} from '@resonant/contracts/api-tokens';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { personalApiTokens } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { hashToken } from '../../lib/crypto.ts';

const NOW = new Date('2026-03-02T08:00:00Z');
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('personal API tokens: list, make, revoke (/api/v1/tokens)', () => {
  let t: TestApp;
  let member: string;
  let loner: string;
  let appAdmin: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      people: { member: { groups: ['Default'] } },
      signIn: ['member'],
    });
    member = org.tokens.member;
    loner = (await signedInAccount(t)).token;
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Strap sync',
    scopes: ['readings:write'],
    expiresInDays: 90,
    ...overrides,
  });
  const create = async (session: string, overrides: Record<string, unknown> = {}) => {
    const response = await t.call('POST', '/api/v1/tokens', session, body(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiTokenResponse>();
  };
  const list = async (session: string) => {
    const response = await t.call('GET', '/api/v1/tokens', session);
    expect(response.statusCode).toBe(200);
    return response.json<ApiTokensResponse>().tokens;
  };

  it('answers 401 to every route when signed out', async () => {
    expect((await t.call('GET', '/api/v1/tokens')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/v1/tokens', undefined, body())).statusCode).toBe(401);
    expect((await t.call('DELETE', `/api/v1/tokens/${NOBODY}`)).statusCode).toBe(401);
  });

  it('answers 403 to the app admin, who has no data of their own', async () => {
    expect((await t.call('GET', '/api/v1/tokens', appAdmin)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/tokens', appAdmin, body())).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/v1/tokens/${NOBODY}`, appAdmin)).statusCode).toBe(403);
  });

  it('makes a token shown once, stored as its SHA-256, listed without it, and audited', async () => {
    const { token, secret } = await create(loner, { scopes: ['readings:read', 'readings:write'] });
    expect(secret).toMatch(/^rsn_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(String),
      name: 'Strap sync',
      scopes: ['readings:read', 'readings:write'],
      createdAt: NOW.toISOString(),
      expiresAt: '2026-05-31T08:00:00.000Z',
      lastUsedAt: null,
    });
    const [row] = await t.db
      .select({ tokenHash: personalApiTokens.tokenHash })
      .from(personalApiTokens)
      .where(eq(personalApiTokens.id, token.id));
    expect(row!.tokenHash).toBe(hashToken(secret));
    const listed = await list(loner);
    expect(listed).toEqual([token]);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(8));
    const [audited] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'account.api-token-create'));
    expect(audited!.details).toMatchObject({ tokenId: token.id, name: 'Strap sync' });
    expect(JSON.stringify(audited!.details)).not.toContain(secret.slice(8));
  });

  it('lists only the caller’s own tokens', async () => {
    const mine = await create(member, { name: 'Mine' });
    expect((await list(member)).map((token) => token.id)).toEqual([mine.token.id]);
  });

  it('takes a day of one’s own up to 365 days ahead, valid to its end', async () => {
    const { token } = await create(member, { expiresInDays: undefined, expiresOn: '2026-03-03' });
    expect(token.expiresAt).toBe('2026-03-04T00:00:00.000Z');
    const last = await create(member, { expiresInDays: undefined, expiresOn: '2027-03-02' });
    expect(last.token.expiresAt).toBe('2027-03-03T00:00:00.000Z');
    for (const expiresOn of ['2026-03-02', '2027-03-03', '2025-01-01']) {
      const refused = await t.call(
        'POST',
        '/api/v1/tokens',
        member,
        body({ expiresInDays: undefined, expiresOn }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^expiresOn: Must be a day from tomorrow/);
    }
  });

  it('refuses a bad name, scope or expiry with 400 naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '  ' }, /name/i],
      [{ name: 'x'.repeat(61) }, /name/i],
      [{ scopes: [] }, /scope/],
      [{ scopes: ['readings:delete'] }, /scopes/],
      [{ scopes: ['readings:read', 'readings:read'] }, /once/],
      [{ expiresInDays: 7 }, /expiresInDays/],
      [{ expiresInDays: undefined }, /expiresInDays or expiresOn/],
      [{ expiresOn: '2026-04-01' }, /expiresInDays or expiresOn/],
    ];
    for (const [overrides, message] of cases) {
      const response = await t.call('POST', '/api/v1/tokens', member, body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it(`keeps at most ${API_TOKENS_PER_ACCOUNT} tokens an account`, async () => {
    const person = await signedInAccount(t);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT; i++) await create(person.token, { name: `n${i}` });
    const refused = await t.call('POST', '/api/v1/tokens', person.token, body());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: API_TOKEN_LIMIT_MESSAGE });
  });

  it('revokes one of the caller’s tokens; another person’s token id is 404 and stays', async () => {
    const theirs = await create(loner, { name: 'Theirs' });
    const refused = await t.call('DELETE', `/api/v1/tokens/${theirs.token.id}`, member);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: API_TOKEN_NOT_FOUND_MESSAGE });
    expect((await list(loner)).map((token) => token.id)).toContain(theirs.token.id);

    const mine = await create(member, { name: 'Spreadsheet' });
    const done = await t.call('DELETE', `/api/v1/tokens/${mine.token.id}`, member);
    expect(done.statusCode).toBe(204);
    expect((await list(member)).map((token) => token.id)).not.toContain(mine.token.id);
    expect((await t.call('DELETE', `/api/v1/tokens/${mine.token.id}`, member)).statusCode).toBe(
      404,
    );
    const revoked = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.api-token-revoke')));
    expect(revoked.map((row) => row.details)).toContainEqual({
      tokenId: mine.token.id,
      name: 'Spreadsheet',
    });
  });

  it('refuses a personal token on its own routes: tokens do not manage tokens', async () => {
    const { secret } = await create(member, { scopes: ['readings:read', 'readings:write'] });
    expect((await t.call('GET', '/api/v1/tokens', secret)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/v1/tokens', secret, body())).statusCode).toBe(401);
  });
});
