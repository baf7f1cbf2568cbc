import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../test/org-builder.ts';
import { logStatements, type StatementLog } from '../../test/statement-log.ts';

// Issue 16: the session, the caller's memberships and the resolved context cost one database
// round trip before the handler, and are still read afresh on every request.
describe('one database round trip before the handler', () => {
  let now = new Date('2026-03-02T08:00:00Z');
  let t: TestApp;
  let log: StatementLog;
  let org: Awaited<ReturnType<typeof buildWorld>>;

  const buildWorld = (app: TestApp) =>
    buildOrg(app, {
      groups: ['Team'],
      people: {
        owner: { orgAdmin: true },
        lead: { adminOf: ['Team'] },
        colead: { adminOf: ['Team'] },
        member: { groups: ['Team'] },
      },
      signIn: ['owner', 'lead', 'colead', 'member'],
    });

  /** A request as `token`, with the statements the database received for it. */
  async function traced(url: string, token: string) {
    let response!: Awaited<ReturnType<TestApp['call']>>;
    const statements = await log.during(async () => {
      response = await t.call('GET', url, token);
    });
    return { response, statements };
  }

  beforeAll(async () => {
    t = await buildTestApp({
      clock: () => now,
      extraRoutes: (app) => {
        // Handlers that read nothing: every statement of their requests comes before them.
        app.get('/api/test/scope', { config: { permission: 'authenticated' } }, async (request) => {
          const { role, orgId, groupId } = request.scope;
          return { role, orgId, groupId };
        });
        app.get(
          '/api/test/group-area',
          { config: { permission: 'group.dashboard.read', context: 'group' } },
          async (request) => ({ groupId: request.scope.groupId }),
        );
      },
    });
    log = logStatements(t.db);
    org = await buildWorld(t);
  });
  afterAll(() => t.close());

  it('reads the session, memberships and context of each role in one statement', async () => {
    const admin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    const callers = [
      { token: admin.token, scope: { role: 'super', orgId: null, groupId: null } },
      { token: org.tokens.owner, scope: { role: 'org', orgId: org.id, groupId: null } },
      {
        token: org.tokens.lead,
        scope: { role: 'group', orgId: org.id, groupId: org.groups.Team.id },
      },
      {
        token: org.tokens.member,
        scope: { role: 'user', orgId: org.id, groupId: org.groups.Team.id },
      },
    ];
    for (const caller of callers) {
      const { response, statements } = await traced('/api/test/scope', caller.token);
      expect(response.json()).toEqual(caller.scope);
      expect(statements).toHaveLength(1);
    }
  });

  it('refuses a missing context or role with 403 after that one statement', async () => {
    const owner = await traced('/api/test/group-area', org.tokens.owner);
    expect(owner.response.statusCode).toBe(403);
    expect(owner.statements).toHaveLength(1);
    const member = await traced('/api/test/group-area', org.tokens.member);
    expect(member.response.statusCode).toBe(403);
    expect(member.statements).toHaveLength(1);
    const lead = await traced('/api/test/group-area', org.tokens.lead);
    expect(lead.response.json()).toEqual({ groupId: org.groups.Team.id });
    expect(lead.statements).toHaveLength(1);
  });

  it('sees a removed membership on the very next request', async () => {
    expect((await traced('/api/test/group-area', org.tokens.colead)).response.statusCode).toBe(200);
    const removed = await t.call(
      'DELETE',
      `/api/group/admins?groupId=${org.groups.Team.id}&userId=${org.ids.colead}`,
      org.tokens.owner,
    );
    expect(removed.statusCode).toBe(200);
    const next = await traced('/api/test/group-area', org.tokens.colead);
    expect(next.response.statusCode).toBe(403);
    expect(next.statements).toHaveLength(1);
    expect((await traced('/api/test/scope', org.tokens.colead)).response.json()).toEqual({
      role: 'user',
      orgId: org.id,
      groupId: org.groups.Team.id,
    });

    const left = await t.call(
      'DELETE',
      `/api/org/users?userId=${org.ids.colead}`,
      org.tokens.owner,
    );
    expect(left.statusCode).toBe(200);
    expect((await traced('/api/test/scope', org.tokens.colead)).response.json()).toEqual({
      role: 'user',
      orgId: null,
      groupId: null,
    });
  });

  it('answers a revoked or expired session 401 after that one statement', async () => {
    const revoked = await signedInAccount(t);
    expect((await t.call('POST', '/api/auth/sign-out', revoked.token)).statusCode).toBe(204);
    const afterSignOut = await traced('/api/test/scope', revoked.token);
    expect(afterSignOut.response.statusCode).toBe(401);
    expect(afterSignOut.statements).toHaveLength(1);

    const expiring = await signedInAccount(t);
    now = new Date(now.getTime() + t.config.SESSION_TTL_MINUTES * 60_000);
    const expired = await traced('/api/test/scope', expiring.token);
    expect(expired.response.statusCode).toBe(401);
    expect(expired.statements).toHaveLength(1);
  });

  it('answers GET /api/user/profile in two statements: the caller, then the profile and names', async () => {
    const fresh = await signedInAccount(t);
    const { response, statements } = await traced('/api/user/profile', fresh.token);
    expect(response.statusCode).toBe(200);
    expect(statements).toHaveLength(2);
  });
});
