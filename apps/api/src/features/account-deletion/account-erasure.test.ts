import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION } from '@resonant/contracts/account-deletion';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import {
  accountTokens,
  personalApiTokens,
  recoveryCodes,
  sessions,
  socialIdentities,
  spentRefreshTokens,
} from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { payerChanges } from '../../db/schema/billing.ts';
import { invitations, lifetimeClaims } from '../../db/schema/invitations.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { tags } from '../../db/schema/readings.ts';
import { pendingSocialSignUps, socialSignInAttempts } from '../../db/schema/social-sign-in.ts';
import { audit } from '../../kernel/audit.ts';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every table of the schema with the rows whose any column holds one of `needles`. */
async function rowsHolding(t: TestApp, needles: readonly string[]) {
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const matches = needles.map(
      (needle) => sql`strpos(lower(row_to_json(x)::text), ${needle.toLowerCase()}) > 0`,
    );
    const [row] = await rowsOf<{ count: number }>(
      t,
      sql`select count(*)::int as count from ${sql.identifier(name)} as x
          where ${sql.join(matches, sql` or `)}`,
    );
    if (row && Number(row.count) > 0) found[name] = Number(row.count);
  }
  return { tables: tables.map((table) => table.name), found };
}

// Issue 28 acceptance: deletion leaves no row of the account in any table, found by walking every
// table of the schema rather than a list that a new table would escape.
describe('account deletion erases the account from every table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('seeds the account everywhere it can be, deletes it, and finds it nowhere', async () => {
    const org = await buildOrg(t, {
      name: `Erased ${randomUUID().slice(0, 8)}`,
      groups: ['Alpha'],
      people: { owner: { orgAdmin: true }, ada: { groups: ['Alpha'] } },
      signIn: ['owner', 'ada'],
    });
    const ada = { id: org.ids.ada, email: org.people.ada.email };
    const [tag] = await t.db
      .insert(tags)
      .values({ orgId: org.id, name: 'Run' })
      .returning({ id: tags.id });
    // Recordings with tags and minutes; their rollups and active days follow.
    const reading = await t.call('POST', '/api/v1/readings', org.tokens.ada, {
      clientId: randomUUID(),
      takenAt: '2025-06-09T07:00:00Z',
      kind: 'morning',
      rr: syntheticRr(300),
      tags: [tag!.id],
    });
    expect(reading.statusCode).toBe(201);
    const session = await t.call('POST', '/api/v1/sessions', org.tokens.ada, {
      clientId: randomUUID(),
      type: 'biofeedback',
      startedAt: '2025-06-09T08:00:00Z',
      sessionName: 'Resonance',
      breathsPerMinute: 6,
      rr: syntheticRr(180, { breathsPerMinute: 6 }),
      ozValues: [{ oz: 80, ts: 0 }],
      tags: [tag!.id],
    });
    expect(session.statusCode).toBe(201);
    // Audit rows as target: the owner downloads her CSV.
    const csv = await t.call(
      'GET',
      `/api/reports/readings.csv?user_ids=${ada.id}`,
      org.tokens.owner,
    );
    expect(csv.statusCode).toBe(200);
    const [session0] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.accountId, ada.id));
    const later = new Date(Date.now() + 86_400_000);
    await t.db
      .insert(spentRefreshTokens)
      .values({ refreshHash: randomUUID(), sessionId: session0!.id });
    await t.db.insert(socialIdentities).values({
      accountId: ada.id,
      provider: 'google',
      issuer: 'https://issuer.example.test',
      subject: randomUUID(),
      email: ada.email,
    });
    await t.db.insert(accountTokens).values([
      {
        purpose: 'change-email',
        accountId: ada.id,
        email: 'new@example.test',
        tokenHash: randomUUID(),
        expiresAt: later,
      },
      { purpose: 'verify-email', email: ada.email, tokenHash: randomUUID(), expiresAt: later },
    ]);
    await t.db.insert(recoveryCodes).values({ accountId: ada.id, codeHash: randomUUID() });
    await t.db.insert(personalApiTokens).values({
      accountId: ada.id,
      name: 'Sheet',
      tokenHash: randomUUID(),
      scopes: ['readings:read'],
      expiresAt: later,
    });
    await t.db.insert(payerChanges).values({
      orgId: org.id,
      accountId: ada.id,
      changedOn: '2025-06-01',
      payerBefore: 'user',
      payerAfter: 'org',
    });
    await t.db.insert(invitations).values({
      orgId: org.id,
      email: ada.email,
      firstName: 'Ada',
      lastName: 'L',
      role: 'user',
      tokenHash: randomUUID(),
      expiresAt: later,
      status: 'accepted',
      acceptedByAccountId: ada.id,
    });
    await t.db.insert(lifetimeClaims).values({
      email: ada.email,
      tokenHash: randomUUID(),
      status: 'claimed',
      claimedByAccountId: ada.id,
      claimedAt: new Date(),
      expiresAt: later,
    });
    await t.db.insert(socialSignInAttempts).values({
      stateHash: randomUUID(),
      bindingHash: randomUUID(),
      provider: 'google',
      purpose: 'link',
      accountId: ada.id,
      codeVerifier: 'v',
      nonce: 'n',
      expiresAt: later,
    });
    await t.db.insert(pendingSocialSignUps).values({
      tokenHash: randomUUID(),
      provider: 'google',
      issuer: 'https://issuer.example.test',
      subject: randomUUID(),
      email: ada.email,
      claims: {},
      expiresAt: later,
    });
    await t.db.insert(mailOutbox).values({
      toAddress: ada.email,
      subject: 'Welcome',
      textBody: 'Hello',
      htmlBody: '<p>Hello</p>',
    });
    await t.db.insert(jobs).values({ kind: 'mail', payload: { to: ada.email, accountId: ada.id } });
    // Audit rows with her in the details, as actor of an admin-side change and as its subject.
    await audit(t.db, { orgId: org.id, accountId: org.ids.owner }, 'org-user.update', ada.id, {
      userId: ada.id,
      email: ada.email,
    });

    // Her recordings' ids too: their tags and minutes name the recording, not the account.
    const needles = [
      ada.id,
      ada.email,
      reading.json<{ id: string }>().id,
      session.json<{ id: string }>().id,
    ];
    const before = await rowsHolding(t, needles);
    const seeded = [
      'accounts',
      'profiles',
      'org_memberships',
      'group_memberships',
      'readings',
      'reading_tags',
      'hrv_sessions',
      'hrv_session_minutes',
      'hrv_session_tags',
      'member_daily_rollups',
      'member_rollup_totals',
      'member_active_days',
      'sessions',
      'social_identities',
      'account_tokens',
      'recovery_codes',
      'personal_api_tokens',
      'payer_changes',
      'invitations',
      'lifetime_claims',
      'social_sign_in_attempts',
      'pending_social_sign_ups',
      'mail_outbox',
      'jobs',
      'audit_log',
    ];
    expect(Object.keys(before.found).sort()).toEqual(expect.arrayContaining(seeded));
    const spent = await t.db
      .select({ hash: spentRefreshTokens.refreshHash })
      .from(spentRefreshTokens)
      .where(eq(spentRefreshTokens.sessionId, session0!.id));
    expect(spent).toHaveLength(1);
    const auditBefore = (await t.db.select({ id: auditLog.id }).from(auditLog)).length;

    const done = await t.call('POST', '/api/v1/account/delete', org.tokens.ada, {
      password: org.people.ada.password,
      confirmation: DELETE_CONFIRMATION,
    });
    expect(done.statusCode).toBe(200);

    const after = await rowsHolding(t, needles);
    expect(after.tables.length).toBeGreaterThan(20);
    expect(after.found).toEqual({});
    const spentAfter = await t.db
      .select({ hash: spentRefreshTokens.refreshHash })
      .from(spentRefreshTokens)
      .where(eq(spentRefreshTokens.sessionId, session0!.id));
    expect(spentAfter).toEqual([]);
    // The trail is kept, pseudonymous: no audit row was deleted.
    expect((await t.db.select({ id: auditLog.id }).from(auditLog)).length).toBeGreaterThan(
      auditBefore,
    );
  });
});
