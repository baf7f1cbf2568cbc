import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAggregatedResponse } from '@resonant/contracts/analytics';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  LAST_ORG_ADMIN_LEAVE_MESSAGE,
  LEFT_ORGANIZATION_MESSAGE,
  type MyOrganizationsResponse,
} from '@resonant/contracts/my-organizations';
import type { OrgUsersResponse } from '@resonant/contracts/org-users';
import type { UserProfile } from '@resonant/contracts/profile';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { payerChanges } from '../../db/schema/billing.ts';
import { groupMemberships } from '../../db/schema/organisations.ts';
import { readings } from '../../db/schema/readings.ts';

const FORBIDDEN = 'You do not have permission to do this';
const LIST = '/api/user/organizations';
const leaveUrl = (orgId: string) => `/api/user/organizations/${orgId}/membership`;

describe('my organizations: list them, leave one', () => {
  let t: TestApp;
  let appAdmin = '';
  beforeAll(async () => {
    t = await buildTestApp();
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  /** Acme: an org admin, a group admin of Alpha, a member of Alpha; Other: the same member. */
  async function world() {
    const acme = await buildOrg(t, {
      name: `Acme ${randomUUID().slice(0, 8)}`,
      groups: ['Alpha', 'Bravo'],
      people: {
        owner: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true, groups: ['Default'] },
        lead: { firstName: 'Gus', lastName: 'Lead', groups: ['Default'], adminOf: ['Alpha'] },
        bravoLead: { firstName: 'Bea', lastName: 'Bravo', adminOf: ['Bravo'] },
        ada: { firstName: 'Ada', lastName: 'Zane', groups: ['Default', 'Alpha'] },
      },
      signIn: ['owner', 'ada'],
    });
    const other = await buildOrg(t, {
      name: `Other ${randomUUID().slice(0, 8)}`,
      people: {
        boss: { firstName: 'Bo', lastName: 'Boss', orgAdmin: true, groups: ['Default'] },
        ada: { account: acme.people.ada, groups: ['Default'] },
      },
      signIn: ['boss'],
    });
    return { acme, other };
  }

  const list = async (token: string) => {
    const response = await t.call('GET', LIST, token);
    expect(response.statusCode).toBe(200);
    return response.json<MyOrganizationsResponse>().organizations;
  };

  describe('GET /api/user/organizations', () => {
    it('answers 401 signed out', async () => {
      expect((await t.call('GET', LIST)).statusCode).toBe(401);
    });

    it('answers 403 to the app admin, who belongs to no organisation', async () => {
      const response = await t.call('GET', LIST, appAdmin);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 403,
        body: { message: FORBIDDEN },
      });
    });

    it('lists each organisation and group, the role, the admins by name, what they see', async () => {
      const { acme, other } = await world();
      const organizations = await list(acme.tokens.ada);
      expect(organizations.map((org) => org.org_name)).toEqual([acme.name, other.name]);
      const [inAcme] = organizations;
      expect(inAcme).toEqual({
        org_id: acme.id,
        org_name: acme.name,
        role: 'user',
        groups: [
          {
            group_id: acme.defaultGroupId,
            group_name: 'Default',
            is_default: true,
            is_admin: false,
            admins: [],
          },
          {
            group_id: acme.groups.Alpha.id,
            group_name: 'Alpha',
            is_default: false,
            is_admin: false,
            admins: [{ first_name: 'Gus', last_name: 'Lead' }],
          },
        ],
        org_admins: [{ first_name: 'Olga', last_name: 'Owner' }],
        admins_can_see: [
          'readings',
          'sessions',
          'raw-optimal-zone',
          'csv',
          'profile',
          'dashboards',
        ],
        leave_refusal: null,
      });
      // Names only: no email of any admin, and nothing of a group the member is not in.
      const body = JSON.stringify(organizations);
      expect(body).not.toContain(acme.people.owner.email);
      expect(body).not.toContain(acme.people.lead.email);
      expect(body).not.toContain('Bravo');
    });

    it('names the role and the refusal of the only org admin', async () => {
      const { acme } = await world();
      const [own] = await list(acme.tokens.owner);
      expect(own).toMatchObject({ role: 'org', leave_refusal: LAST_ORG_ADMIN_LEAVE_MESSAGE });
    });

    it('answers an empty list to a person with no organisation', async () => {
      const alone = await signedInAccount(t);
      expect(await list(alone.token)).toEqual([]);
    });
  });

  describe('DELETE /api/user/organizations/{orgId}/membership', () => {
    it('answers 401 signed out', async () => {
      expect((await t.call('DELETE', leaveUrl(randomUUID()))).statusCode).toBe(401);
    });

    it('answers 403 to the app admin', async () => {
      const { acme } = await world();
      expect((await t.call('DELETE', leaveUrl(acme.id), appAdmin)).statusCode).toBe(403);
    });

    it("answers 404 for an organisation the caller is not in, another's or nobody's", async () => {
      const { acme } = await world();
      const outsider = await buildOrg(t, {
        people: { boss: { orgAdmin: true }, member: { groups: ['Default'] } },
        signIn: ['member'],
      });
      for (const orgId of [acme.id, randomUUID()]) {
        const response = await t.call('DELETE', leaveUrl(orgId), outsider.tokens.member);
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 404,
          body: { message: ORGANIZATION_NOT_FOUND_MESSAGE },
        });
      }
      expect(await list(outsider.tokens.member)).toHaveLength(1);
    });

    it('refuses the only org admin with the reason, and lets one of two leave', async () => {
      const { acme } = await world();
      const refused = await t.call('DELETE', leaveUrl(acme.id), acme.tokens.owner);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 409,
        body: { message: LAST_ORG_ADMIN_LEAVE_MESSAGE },
      });
      const deputy = await buildOrg(t, {
        people: {
          first: { orgAdmin: true, groups: ['Default'] },
          second: { orgAdmin: true, groups: ['Default'] },
        },
        signIn: ['first', 'second'],
      });
      expect((await t.call('DELETE', leaveUrl(deputy.id), deputy.tokens.second)).statusCode).toBe(
        200,
      );
      const [left] = await list(deputy.tokens.first);
      expect(left).toMatchObject({
        org_admins: [expect.any(Object)],
        leave_refusal: expect.any(String),
      });
    });

    it('takes the member out at once; their readings stay; the admins see them removed', async () => {
      const { acme, other } = await world();
      const ada = acme.ids.ada;
      const now = new Date();
      await recordReading(
        t.db,
        { orgId: acme.id, accountId: ada },
        {
          clientId: randomUUID(),
          takenAt: new Date(now.getTime() - 3_600_000),
          kind: 'morning',
          rr: syntheticRr(300),
        },
        now,
      );
      const latest = async () => {
        const response = await t.call(
          'GET',
          '/api/hrv_analytics/dashboard_aggregated?type=org',
          acme.tokens.owner,
        );
        expect(response.statusCode).toBe(200);
        return response.json<DashboardAggregatedResponse>().avg[0]!.rmssd;
      };
      const listed = async () => {
        const response = await t.call('GET', '/api/org/users?type=all', acme.tokens.owner);
        return response.json<OrgUsersResponse>().list.map((user) => user.user_id);
      };
      const ownReadings = () => t.db.select().from(readings).where(eq(readings.accountId, ada));
      // Ada acts in Acme when she leaves it.
      const switched = await t.call('POST', '/api/switch', acme.tokens.ada, {
        currentOrgId: acme.id,
        currentUserType: 'user',
      });
      expect(switched.statusCode).toBe(200);
      expect(await latest()).toEqual(expect.any(Number));
      expect(await listed()).toContain(ada);
      const before = await ownReadings();
      expect(before).toHaveLength(1);

      const response = await t.call('DELETE', leaveUrl(acme.id), acme.tokens.ada);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 200,
        body: { message: LEFT_ORGANIZATION_MESSAGE },
      });

      expect(await latest()).toBeNull();
      expect(await listed()).not.toContain(ada);
      expect(await ownReadings()).toEqual(before);
      const groupsLeft = await t.db
        .select()
        .from(groupMemberships)
        .where(and(eq(groupMemberships.accountId, ada), eq(groupMemberships.orgId, acme.id)));
      expect(groupsLeft).toEqual([]);
      // As a removal: the seat's payer change is recorded, so earlier days keep their payer.
      const changes = await t.db
        .select()
        .from(payerChanges)
        .where(and(eq(payerChanges.accountId, ada), eq(payerChanges.orgId, acme.id)));
      expect(changes).toMatchObject([{ payerBefore: 'org', payerAfter: 'user' }]);
      const [row] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'org-user.leave'), eq(auditLog.actorAccountId, ada)));
      expect(row).toMatchObject({ orgId: acme.id, targetId: ada, targetType: 'account' });

      // Her stored context was Acme's: the next request falls back to what she still belongs to.
      const profile = await t.call('GET', '/api/user/profile', acme.tokens.ada);
      expect(profile.statusCode).toBe(200);
      expect(profile.json<UserProfile>().current_org_id).toBe(other.id);
      expect((await list(acme.tokens.ada)).map((org) => org.org_id)).toEqual([other.id]);
      // Gone: leaving again is 404 like any organisation she is not in.
      expect((await t.call('DELETE', leaveUrl(acme.id), acme.tokens.ada)).statusCode).toBe(404);
    });

    it('leaves a person of one organisation alone, as an individual user', async () => {
      const solo = await buildOrg(t, {
        people: { boss: { orgAdmin: true }, member: { groups: ['Default'] } },
        signIn: ['member'],
      });
      expect((await t.call('DELETE', leaveUrl(solo.id), solo.tokens.member)).statusCode).toBe(200);
      const profile = await t.call('GET', '/api/user/profile', solo.tokens.member);
      expect(profile.json<UserProfile>()).toMatchObject({
        user_type: 'user',
        current_org_id: null,
      });
      expect(await list(solo.tokens.member)).toEqual([]);
    });
  });
});
