import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from '../db/schema/organisations.ts';
import { ensureAppAdmin } from '../features/auth/app-admin.ts';
import { addMember, createAccount, createOrg } from '../../test/factories.ts';
import {
  DEMO_ACCOUNT_EMAILS,
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_ORG_ADMIN_EMAIL,
  removeDemoOrg,
  seedDemoOrg,
} from './demo-org.ts';

const DEMO_PASSWORD = 'Demo#Seed42';

describe('seedDemoOrg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const totals = async () => ({
    accounts: (await t.db.select({ n: count() }).from(accounts))[0]?.n,
    organisations: (await t.db.select({ n: count() }).from(organisations))[0]?.n,
    groups: (await t.db.select({ n: count() }).from(groups))[0]?.n,
    orgMemberships: (await t.db.select({ n: count() }).from(orgMemberships))[0]?.n,
    groupMemberships: (await t.db.select({ n: count() }).from(groupMemberships))[0]?.n,
  });

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

  it('creates Demo Org with its groups, admins and ~30 members of both payers and several genders', async () => {
    expect(await totals()).toMatchObject({ accounts: 0, organisations: 0 });
    const orgId = await seedDemoOrg(t.db, DEMO_PASSWORD);

    const orgs = await t.db.select().from(organisations);
    expect(orgs).toHaveLength(1);
    const org = orgs[0]!;
    expect(org).toMatchObject({ id: orgId, name: 'Demo Org', isDemo: true, active: true });
    // Not whole yet: only ensureDemo marks it, once the rest is seeded too.
    expect(org.demoSeededAt).toBeNull();

    const groupRows = await t.db.select().from(groups).where(eq(groups.orgId, org.id));
    expect(groupRows.map((group) => group.name).sort()).toEqual(
      ['Default', 'Engineering', 'Leadership', 'Operations'].sort(),
    );
    expect(groupRows.filter((group) => group.isDefault).map((group) => group.name)).toEqual([
      'Default',
    ]);

    const members = await t.db
      .select({
        email: accounts.email,
        role: orgMemberships.role,
        payer: orgMemberships.payer,
        gender: profiles.gender,
        birthDate: profiles.birthDate,
      })
      .from(orgMemberships)
      .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(orgMemberships.orgId, org.id));
    expect(members.map((member) => member.email).sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    const admins = members.filter((member) => member.role === 'admin');
    expect(admins.map((admin) => admin.email)).toEqual([DEMO_ORG_ADMIN_EMAIL]);

    const groupAdmins = await t.db
      .select({ email: accounts.email, group: groups.name })
      .from(groupMemberships)
      .innerJoin(accounts, eq(accounts.id, groupMemberships.accountId))
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .where(and(eq(groupMemberships.orgId, org.id), eq(groupMemberships.isAdmin, true)));
    expect(groupAdmins).toEqual([{ email: DEMO_GROUP_ADMIN_EMAIL, group: 'Engineering' }]);

    const plain = members.filter(
      (member) => member.role === 'member' && member.email !== DEMO_GROUP_ADMIN_EMAIL,
    );
    expect(plain.length).toBeGreaterThanOrEqual(25);
    expect(plain.length).toBeLessThanOrEqual(35);
    expect(plain.map((member) => member.email)).toContain(DEMO_MEMBER_EMAIL);
    expect(new Set(plain.map((member) => member.payer))).toEqual(new Set(['org', 'user']));
    expect(new Set(plain.map((member) => member.gender)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(plain.map((member) => member.birthDate?.slice(0, 3))).size).toBeGreaterThan(2);

    // Every member is in the Default group and in one of the named groups.
    const perAccount = await t.db
      .select({ accountId: groupMemberships.accountId, n: count() })
      .from(groupMemberships)
      .where(eq(groupMemberships.orgId, org.id))
      .groupBy(groupMemberships.accountId);
    expect(perAccount.filter((row) => row.n >= 2).length).toBeGreaterThanOrEqual(plain.length);
  });

  it.each([
    [DEMO_ORG_ADMIN_EMAIL, 'org'],
    [DEMO_GROUP_ADMIN_EMAIL, 'group'],
    [DEMO_MEMBER_EMAIL, 'user'],
  ])('lets %s sign in with the password given, as %s', async (email, userType) => {
    const response = await signIn(email, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { user } = response.json<AuthResponse>();
    expect(user.user_type).toBe(userType);
    expect(user.org_name).toBe('Demo Org');
    expect((await signIn(email, 'Resonant#2026-not-it')).statusCode).toBe(401);
  });

  it('removes the demo org with everything it owns and the demo accounts, and nothing else', async () => {
    const orgId = (await t.db.select({ id: organisations.id }).from(organisations))[0]!.id;
    const other = await createOrg(t.db, { name: 'Real Org' });
    const outsider = await createAccount(t.db);
    await addMember(t.db, other.id, outsider.id, { groups: [{ groupId: other.defaultGroupId }] });
    // A demo account that also joined a real organisation leaves it with the demo.
    const [member] = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, DEMO_MEMBER_EMAIL));
    await addMember(t.db, other.id, member!.id);

    await removeDemoOrg(t.db, orgId);
    expect(await totals()).toEqual({
      accounts: 1,
      organisations: 1,
      groups: 1,
      orgMemberships: 1,
      groupMemberships: 1,
    });
    const left = await t.db.select({ email: accounts.email }).from(accounts);
    expect(left.map((account) => account.email)).toEqual([outsider.email]);

    // Its names are free again: the demo can be seeded anew.
    await seedDemoOrg(t.db, DEMO_PASSWORD);
    expect((await signIn(DEMO_MEMBER_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('ensureAppAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const accountsWithEmail = async (email: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`)
    )[0]?.n;

  it('creates the app admin once, with a generated password that signs in as super', async () => {
    const first = await ensureAppAdmin(t.db, APP_ADMIN_EMAIL, undefined);
    expect(first.generatedPassword).toEqual(expect.any(String));
    const generated = first.generatedPassword!;
    expect(generated.length).toBeGreaterThanOrEqual(12);
    expect(await accountsWithEmail(APP_ADMIN_EMAIL)).toBe(1);

    const response = await signIn(APP_ADMIN_EMAIL, generated);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthResponse>().user.user_type).toBe('super');

    // A restart without a configured password changes nothing and prints nothing.
    expect(await ensureAppAdmin(t.db, APP_ADMIN_EMAIL, undefined)).toEqual({
      generatedPassword: null,
    });
    expect(await accountsWithEmail(APP_ADMIN_EMAIL)).toBe(1);
    expect((await signIn(APP_ADMIN_EMAIL, generated)).statusCode).toBe(200);

    // A configured password is applied on the next start, replacing the generated one.
    expect(await ensureAppAdmin(t.db, APP_ADMIN_EMAIL, 'Configured#Pass9')).toEqual({
      generatedPassword: null,
    });
    expect(await accountsWithEmail(APP_ADMIN_EMAIL)).toBe(1);
    expect((await signIn(APP_ADMIN_EMAIL, 'Configured#Pass9')).statusCode).toBe(200);
    expect((await signIn(APP_ADMIN_EMAIL, generated)).statusCode).toBe(401);

    // ...and re-applied on every start, even after it was changed.
    expect(await ensureAppAdmin(t.db, APP_ADMIN_EMAIL, 'Configured#Pass10')).toEqual({
      generatedPassword: null,
    });
    expect((await signIn(APP_ADMIN_EMAIL, 'Configured#Pass10')).statusCode).toBe(200);
    expect((await signIn(APP_ADMIN_EMAIL, 'Configured#Pass9')).statusCode).toBe(401);
  });

  it('creates an app admin with the configured password and generates none', async () => {
    const email = 'Configured.Admin@Example.test';
    expect(await ensureAppAdmin(t.db, email, 'Chosen#Pass1')).toEqual({ generatedPassword: null });
    expect(await accountsWithEmail(email)).toBe(1);
    expect((await signIn(email, 'Chosen#Pass1')).statusCode).toBe(200);
  });
});
