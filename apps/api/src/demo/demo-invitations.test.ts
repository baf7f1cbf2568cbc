import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationListResponse } from '@resonant/contracts/invitations';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { accounts } from '../db/schema/accounts.ts';
import { invitations } from '../db/schema/invitations.ts';
import { seedDemoInvitations } from './demo-invitations.ts';
import { DEMO_ORG_ADMIN_EMAIL, seedDemoOrg } from './demo-org.ts';

const DEMO_PASSWORD = 'Demo#Seed42';
const NOW = new Date('2026-11-20T09:00:00Z');

describe('seedDemoInvitations', () => {
  let t: TestApp;
  let list: InvitationListResponse['list'];
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    await seedDemoInvitations(t.db, await seedDemoOrg(t.db, DEMO_PASSWORD), NOW);
    const token = await t.signIn(DEMO_ORG_ADMIN_EMAIL, DEMO_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/org/invitation/list?limit=100',
      headers: t.bearer(token),
    });
    expect(response.statusCode).toBe(200);
    list = response.json<InvitationListResponse>().list;
  });
  afterAll(() => t.close());

  it("fills the org admin's table with every status, the latest sent first", () => {
    expect(
      list.map((row) => [row.state.first_name, row.state.last_name, row.status, row.mail_status]),
    ).toEqual([
      ['Harper', 'Quinn', 'pending', 'sent'],
      ['Jonas', 'Berg', 'expired', 'sent'],
      ['Mina', 'Sato', 'rejected', 'sent'],
      ['Bruno', 'Kaur', 'accepted', 'sent'],
      ['Clara', 'Byrne', 'accepted', 'sent'],
      ['Dev', 'Costa', 'accepted', 'sent'],
    ]);
    expect(list[0]).toMatchObject({
      role: 'group',
      created_at: '2026-11-18T09:00:00.000Z',
      state: { org_name: 'Demo Org', group_name: 'Leadership' },
    });
  });

  it('names the member who accepted each accepted invitation', async () => {
    const accepted = await t.db
      .select({ invited: invitations.email, joined: accounts.email })
      .from(invitations)
      .innerJoin(accounts, eq(accounts.id, invitations.acceptedByAccountId));
    expect(accepted).toHaveLength(3);
    expect(accepted.every(({ invited, joined }) => invited === joined)).toBe(true);
  });
});
