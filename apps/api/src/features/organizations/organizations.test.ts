import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyResponse } from '@resonant/contracts/org-users';
import {
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  ORGANIZATION_CREATED_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  type AddOrganizationResponse,
} from '@resonant/contracts/organizations';
import type { OrgsAndGroupsResponse } from '@resonant/contracts/switch';
import { encryptForTransport } from '../../../test/transport-password.ts';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../../test/factories.ts';
import { groupMemberships, groups } from '../../db/schema/organisations.ts';

describe('POST /api/org/profile: the app admin adds an organization (SPEC §5, §7)', () => {
  let t: TestApp;
  const token = { appAdmin: '', orgAdmin: '' };
  let publicKey = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const appAdmin = await createAccount(t.db, { email: APP_ADMIN_EMAIL });
    const org = await createOrg(t.db);
    const orgAdmin = await createAccount(t.db);
    await addMember(t.db, org.id, orgAdmin.id, {
      orgAdmin: true,
      groups: [{ groupId: org.defaultGroupId }],
    });
    token.appAdmin = await t.signIn(appAdmin.email, appAdmin.password);
    token.orgAdmin = await t.signIn(orgAdmin.email, orgAdmin.password);
    const key = await t.call('GET', '/api/auth/public-key', token.appAdmin);
    publicKey = key.json<PublicKeyResponse>().public_key;
  });
  afterAll(() => t.close());

  const encrypt = (password: string) => encryptForTransport(publicKey, password);
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: `Org ${randomUUID().slice(0, 8)}`,
    first_name: 'Ada',
    last_name: 'Founder',
    gender: 'Female',
    dob: '1985-05-05',
    email: `founder-${randomUUID()}@example.test`,
    password: encrypt('Founder#1'),
    ...overrides,
  });
  const add = (payload: object, bearer = token.appAdmin) =>
    t.call('POST', '/api/org/profile', bearer, payload);

  it('401 when signed out', async () => {
    expect((await add(body(), '')).statusCode).toBe(401);
  });

  it('403 for an org admin', async () => {
    expect((await add(body(), token.orgAdmin)).statusCode).toBe(403);
  });

  it('creates the organization, its Default group and a new admin who signs in to it', async () => {
    const input = body();
    const response = await add(input);
    expect(response.statusCode).toBe(201);
    const created = response.json<AddOrganizationResponse>();
    expect(created.message).toBe(ORGANIZATION_CREATED_MESSAGE);

    const [defaultGroup] = await t.db
      .select({ name: groups.name, isDefault: groups.isDefault })
      .from(groups)
      .where(eq(groups.id, created.default_group_id));
    expect(defaultGroup).toEqual({ name: 'Default', isDefault: true });
    const inDefault = await t.db
      .select({ accountId: groupMemberships.accountId })
      .from(groupMemberships)
      .where(eq(groupMemberships.groupId, created.default_group_id));
    expect(inDefault).toEqual([{ accountId: created.admin_user_id }]);

    const admin = await t.signIn(input.email, 'Founder#1');
    const mappings = await t.call('GET', '/api/switch/orgs_and_groups', admin);
    const { orgs } = mappings.json<OrgsAndGroupsResponse>();
    expect(orgs.map((org) => [org.org_id, org.can_switch_to_org])).toEqual([
      [created.org_id, true],
    ]);
  });

  it('makes an existing account the admin, keeping its password: it administers both', async () => {
    const first = body();
    const firstOrg = (await add(first)).json<AddOrganizationResponse>();
    const second = await add(body({ email: first.email, password: encrypt('Ignored#1') }));
    expect(second.statusCode).toBe(201);
    const secondOrg = second.json<AddOrganizationResponse>();
    expect(secondOrg.admin_user_id).toBe(firstOrg.admin_user_id);

    const admin = await t.signIn(first.email, 'Founder#1');
    const { orgs } = (
      await t.call('GET', '/api/switch/orgs_and_groups', admin)
    ).json<OrgsAndGroupsResponse>();
    expect(
      orgs
        .filter((org) => org.can_switch_to_org)
        .map((org) => org.org_id)
        .sort(),
    ).toEqual([firstOrg.org_id, secondOrg.org_id].sort());
  });

  it('two organizations made at once for one new email share one admin account', async () => {
    const email = `founder-${randomUUID()}@example.test`;
    const responses = await Promise.all([add(body({ email })), add(body({ email }))]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    const [first, second] = responses.map((response) => response.json<AddOrganizationResponse>());
    expect(second!.admin_user_id).toBe(first!.admin_user_id);
    expect(second!.org_id).not.toBe(first!.org_id);
  });

  it('409 when the unique name is taken (any case), creating nothing', async () => {
    const name = `Taken ${randomUUID().slice(0, 8)}`;
    expect((await add(body({ name }))).statusCode).toBe(201);
    const again = body({ name: name.toUpperCase() });
    const response = await add(again);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ORGANIZATION_NAME_TAKEN_MESSAGE });
    await expect(t.signIn(again.email, 'Founder#1')).rejects.toThrow(/401/);
  });

  it('refuses the app admin as the organization admin, and a password it cannot read', async () => {
    const appAdmin = await add(body({ email: APP_ADMIN_EMAIL }));
    expect(appAdmin.statusCode).toBe(409);
    expect(appAdmin.json()).toEqual({ message: APP_ADMIN_NOT_ORG_ADMIN_MESSAGE });
    const unreadable = await add(body({ password: Buffer.from('plain').toString('base64') }));
    expect(unreadable.statusCode).toBe(400);
    const weak = await add(body({ password: encrypt('Ab#1') }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toMatch(/^password: /);
  });
});
