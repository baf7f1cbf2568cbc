import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { LocalPaymentMethodResponse } from '@resonant/contracts/billing';
import type { GroupListResponse } from '@resonant/contracts/groups';
import type { InvitationSentResponse } from '@resonant/contracts/invitations';
import type { AddOrgUserResponse, PublicKeyResponse } from '@resonant/contracts/org-users';
import type { AddOrganizationResponse } from '@resonant/contracts/organizations';
import type { Reading } from '@resonant/contracts/readings';
import type { HrvSession } from '@resonant/contracts/sessions';
import { tags } from '../src/db/schema/readings.ts';
import type { TestApp } from './build-test-app.ts';
import { firstSignIn } from './own-password.ts';
import { syntheticRr } from './synthetic-rr.ts';
import { encryptForTransport } from './transport-password.ts';

/** The kinds of id a tenant owns, as the cross-tenant table names them. */
export type IdKind =
  'org' | 'group' | 'user' | 'invitation' | 'tag' | 'reading' | 'session' | 'method';

/** The people of a tenant: its first admin, a second org admin, a group admin and a member. */
type TenantPerson = 'admin' | 'deputy' | 'lead' | 'member';

/** One organisation built through the product, with every id it owns and its people's sessions. */
export type Tenant = {
  name: string;
  orgId: string;
  groups: { Default: string; Team: string };
  users: Record<TenantPerson, string>;
  /** Bearer tokens: `admin` acts as org, `deputy` (an org admin too) is switched into Team. */
  tokens: Record<TenantPerson, string>;
  invitationId: string;
  readingId: string;
  /** Readings of the two org admins' own (a member's own data: GET /api/v1/readings/{id}). */
  ownReadings: { admin: string; deputy: string };
  sessionId: string;
  /** Sessions the two senders of the cross-tenant test recorded themselves (their own data). */
  ownSessions: { admin: string; deputy: string };
  /** A tag of this organisation's own (offered to it alone). */
  tagId: string;
  /** Test cards (payment methods) of this organisation: one saved, one made but never saved. */
  methods: { saved: string; unsaved: string };
};

/** Every id of a tenant of one kind, each with a label for the test's name. */
export function idsOf(tenant: Tenant, kind: IdKind): [label: string, id: string][] {
  switch (kind) {
    case 'org':
      return [['org', tenant.orgId]];
    case 'group':
      return Object.entries(tenant.groups).map(([name, id]) => [`${name} group`, id]);
    case 'user':
      return Object.entries(tenant.users).map(([person, id]) => [person, id]);
    case 'invitation':
      return [['invitation', tenant.invitationId]];
    case 'tag':
      return [['own tag', tenant.tagId]];
    case 'reading':
      return [['reading', tenant.readingId]];
    case 'session':
      return [['session', tenant.sessionId]];
    case 'method':
      return [
        ['saved card', tenant.methods.saved],
        ['unsaved card', tenant.methods.unsaved],
      ];
  }
}

/** An id of the kind that nobody has: what another tenant's id must be answered like. */
export function nobodyOf(kind: IdKind): string {
  // Payment methods are named by the provider's ids (`pm_…`), not uuids.
  return kind === 'method' ? `pm_local_${randomUUID().replace(/-/g, '')}` : randomUUID();
}

const PASSWORD = 'Tenant#Pass1';
const PROFILE = { gender: 'Female', birthDate: '1990-02-03' } as const;

/** The JSON of a 2xx answer; anything else stops the setup with what the product said. */
function ok<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode >= 300) {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }
  return response.json<T>();
}

/**
 * An organisation made the way the product makes one: the app admin adds it (POST /api/org/profile,
 * the password encrypted as the browser does), its first admin adds a second org admin, a group
 * admin and a member (POST/PUT /api/org/users), the group Team (POST /api/group/profile) and an
 * invitation (POST /api/org/invitation); the member records a reading and a session through
 * /api/v1; the admin makes two test cards and saves one (test mode's POST
 * /api/billing/local/payment_methods, POST /api/org/attach_billing_method), and the second admin
 * switches into Team (POST /api/switch). Only the organisation's own
 * tag is written directly: no route makes one.
 */
export async function buildTenant(t: TestApp, appAdminToken: string, name: string) {
  const key = ok<PublicKeyResponse>(
    await t.call('GET', '/api/auth/public-key', appAdminToken),
    'public key',
  );
  const encrypted = () => encryptForTransport(key.public_key, PASSWORD);
  const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

  const adminEmail = email('admin');
  const org = ok<AddOrganizationResponse>(
    await t.call('POST', '/api/org/profile', appAdminToken, {
      name,
      first_name: 'Ada',
      last_name: 'Founder',
      email: adminEmail,
      gender: 'Female',
      dob: '1980-01-01',
      password: encrypted(),
    }),
    `add organization ${name}`,
  );
  // Each person made here joins at their first sign-in with the password typed for them (issue
  // 27), then replaces it (firstSignIn) before acting.
  const signIn = async (address: string) =>
    ok<AuthResponse>(
      await t.call('POST', '/api/auth/sign-in', undefined, { email: address, password: PASSWORD }),
      `sign in ${address}`,
    );
  const adminSignIn = await signIn(adminEmail);
  const admin = await firstSignIn(t, adminEmail, PASSWORD);

  const people: Partial<Record<TenantPerson, { id: string; email: string }>> = {
    admin: { id: adminSignIn.user.user_id, email: adminEmail },
  };
  const lastName = name.replace(/[^\p{L} ]/gu, '');
  for (const person of ['deputy', 'lead', 'member'] as const) {
    const address = email(person);
    ok<AddOrgUserResponse>(
      await t.call('POST', '/api/org/users', admin, {
        firstName: person,
        lastName,
        email: address,
        password: encrypted(),
        groupIds: [org.default_group_id],
        ...PROFILE,
      }),
      `add ${person}`,
    );
    people[person] = { id: (await signIn(address)).user.user_id, email: address };
  }
  const id = (person: TenantPerson) => people[person]!.id;

  ok(
    await t.call('POST', '/api/group/profile', admin, { name: 'Team', adminUserIds: [id('lead')] }),
    'add group Team',
  );
  const groupList = ok<GroupListResponse>(
    await t.call('GET', '/api/group/profile', admin),
    'groups',
  );
  const team = groupList.list.find((group) => group.name === 'Team')!.id;

  const edit = (person: TenantPerson, changes: object) =>
    t.call('PUT', '/api/org/users', admin, {
      userId: id(person),
      firstName: person,
      lastName,
      ...PROFILE,
      ...changes,
    });
  ok(await edit('member', { groupIds: [team] }), 'member into Team');
  ok(await edit('deputy', { groupIds: [team], isAdmin: true }), 'deputy made an org admin');

  const invitation = ok<InvitationSentResponse>(
    await t.call('POST', '/api/org/invitation', admin, {
      firstName: 'Invited',
      lastName: 'Person',
      email: email('invited'),
      role: 'user',
      groupId: team,
    }),
    'invite',
  );

  const [tag] = await t.db
    .insert(tags)
    .values({ orgId: org.org_id, name: `${name} tag` })
    .returning({ id: tags.id });

  const member = await firstSignIn(t, people.member!.email, PASSWORD);
  const reading = ok<Reading>(
    await t.call('POST', '/api/v1/readings', member, {
      clientId: randomUUID(),
      takenAt: '2025-06-01T07:00:00Z',
      kind: 'morning',
      rr: syntheticRr(300),
      tags: [tag!.id],
    }),
    'record a reading',
  );
  const recordSession = async (bearer: string) =>
    ok<HrvSession>(
      await t.call('POST', '/api/v1/sessions', bearer, {
        clientId: randomUUID(),
        type: 'biofeedback',
        startedAt: '2025-06-01T08:00:00Z',
        sessionName: 'Resonance',
        breathsPerMinute: 6,
        rr: syntheticRr(360, { meanMs: 950, swingMs: 5, breathsPerMinute: 6 }),
        tags: [tag!.id],
      }),
      'record a session',
    );
  const session = await recordSession(member);

  const testCard = async (number: string) =>
    ok<LocalPaymentMethodResponse>(
      await t.call('POST', '/api/billing/local/payment_methods', admin, {
        number,
        exp_month: 12,
        exp_year: 2099,
        cvc: '123',
        address: {
          name: 'Ada Founder',
          line1: '1 Main St',
          city: 'Town',
          postal_code: '1',
          country: 'GB',
        },
      }),
      'make a test card',
    ).id;
  const methods = {
    saved: await testCard('4242424242424242'),
    unsaved: await testCard('5555555555554444'),
  };
  ok(
    await t.call('POST', '/api/org/attach_billing_method', admin, { method_id: methods.saved }),
    'save a card',
  );

  const deputy = await firstSignIn(t, people.deputy!.email, PASSWORD);
  const ownReading = async (bearer: string, who: string) =>
    ok<Reading>(
      await t.call('POST', '/api/v1/readings', bearer, {
        clientId: randomUUID(),
        takenAt: '2025-06-01T06:30:00Z',
        kind: 'morning',
        rr: syntheticRr(300),
      }),
      `${who} records a reading`,
    ).id;
  const ownReadings = {
    admin: await ownReading(admin, 'admin'),
    deputy: await ownReading(deputy, 'deputy'),
  };
  ok(
    await t.call('POST', '/api/switch', deputy, {
      currentOrgId: org.org_id,
      currentGroupId: team,
      currentUserType: 'group',
    }),
    'deputy switches into Team',
  );
  const ownSessions = {
    admin: (await recordSession(admin)).id,
    deputy: (await recordSession(deputy)).id,
  };

  const tenant: Tenant = {
    name,
    orgId: org.org_id,
    groups: { Default: org.default_group_id, Team: team },
    users: { admin: id('admin'), deputy: id('deputy'), lead: id('lead'), member: id('member') },
    tokens: { admin, deputy, lead: await firstSignIn(t, people.lead!.email, PASSWORD), member },
    invitationId: invitation.invitation.id,
    readingId: reading.id,
    ownReadings,
    sessionId: session.id,
    ownSessions,
    tagId: tag!.id,
    methods,
  };
  return tenant;
}
