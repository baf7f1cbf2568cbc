import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { encryptForTransport } from '../../../api/test/transport-password.ts';
import { generateRr } from '@resonant/hrv/synthetic';
import { APP_ADMIN } from './env.ts';
import { linkFromMail } from './mailbox.ts';

/** Every account the builder creates signs in with this password. */
const BUILT_PASSWORD = 'Journey#2026';
/**
 * What the admins type in Add Organization and Add User: temporary, so each person replaces it
 * with BUILT_PASSWORD at their first sign-in, as the web makes them (a journey of that screen
 * makes its own person).
 */
export const TEMPORARY_PASSWORD = 'Given#Temporary#26';

export type Person = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** "First Last", as tables and the profile menu show it. */
  fullName: string;
};

type BuiltGroup = { id: string; name: string; admins: Person[]; members: Person[] };

export type BuiltOrg = {
  id: string;
  name: string;
  defaultGroupId: string;
  admin: Person;
  groups: BuiltGroup[];
};

/** Names of a person to create; whatever is left out is made up (distinct within the org). */
type PersonSpec = { firstName?: string; lastName?: string };

type GroupSpec = {
  name?: string;
  /** Group admins: a count or their names; at least one (a group needs an admin). Default 1. */
  admins?: number | PersonSpec[];
  /** Plain members of the group: a count or their names. Default 0. */
  members?: number | PersonSpec[];
};

export type OrgSpec = {
  name?: string;
  /** An existing account (of another built org) becomes this org's admin too; else a new one. */
  admin?: Person | PersonSpec;
  groups?: GroupSpec[];
  /** Readings each member (not the admins) records, one a day ending today. Default 0. */
  readingsPerMember?: number;
};

const FIRST_NAMES = ['Amelia', 'Noah', 'Maya', 'Ethan', 'Sofia', 'Lucas', 'Zara', 'Mateo', 'Chloe'];
const LAST_NAMES = ['Hughes', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak'];

/** A short tag that keeps names of this run apart (letters only: names allow no digits here). */
function uniqueTag(): string {
  return randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x');
}

type Session = { headers: { authorization: string } };

/** Signs in through the API and returns the bearer headers for further calls. */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const response = await request.post('/api/auth/sign-in', { data: { email, password } });
  expect(response.ok(), `API sign-in of ${email}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { headers: { authorization: `Bearer ${token}` } };
}

/**
 * The first sign-in of someone Add User or Add Organization made: they join the organisation then
 * (issue 27) and replace the temporary password with their own. Answers the session and their id.
 */
async function firstApiSession(
  request: APIRequestContext,
  email: string,
): Promise<{ session: Session; id: string }> {
  const response = await request.post('/api/auth/sign-in', {
    data: { email, password: TEMPORARY_PASSWORD },
  });
  expect(response.ok(), `first sign-in of ${email}`).toBe(true);
  const { token, user } = (await response.json()) as { token: string; user: { user_id: string } };
  const session = { headers: { authorization: `Bearer ${token}` } };
  await send(request, session, 'put', '/api/user/password', {
    currentPassword: TEMPORARY_PASSWORD,
    newPassword: BUILT_PASSWORD,
  });
  return { session, id: user.user_id };
}

/** Ends a session `apiSession` opened. */
export async function signOut(request: APIRequestContext, session: Session) {
  await request.post('/api/auth/sign-out', { headers: session.headers });
}

/** Sends a JSON call and fails the journey with the server's message when it is refused. */
async function send<T>(
  request: APIRequestContext,
  session: Session,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, { method, headers: session.headers, data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Encrypts a password as the browser does for the server (RSA-OAEP, SHA-256, base64). */
async function encrypter(request: APIRequestContext, session: Session) {
  const { public_key } = await send<{ public_key: string }>(
    request,
    session,
    'get',
    '/api/auth/public-key',
  );
  return (password: string) => encryptForTransport(public_key, password);
}

function isPerson(admin: OrgSpec['admin']): admin is Person {
  return Boolean(admin && 'id' in admin);
}

/**
 * Builds a fresh organisation for one journey through the real API: the app admin adds it (with
 * its admin), the admin adds group admins and members (Add User, encrypted passwords) and creates
 * the groups; members then record readings if asked. Nothing is shared with the demo or with
 * other journeys, so a journey may change it freely and never undoes anything. The admin's stored
 * context is left on this organisation.
 */
export async function buildOrg(request: APIRequestContext, spec: OrgSpec = {}): Promise<BuiltOrg> {
  const tag = uniqueTag();
  const name = spec.name ?? `Journey Org ${tag}`;
  let named = 0;
  const person = (role: string, names: PersonSpec = {}) => {
    const index = named++;
    const firstName = names.firstName ?? FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = names.lastName ?? LAST_NAMES[index % LAST_NAMES.length]!;
    return {
      email: `e2e.${role}.${tag}.${index}@example.test`,
      password: BUILT_PASSWORD,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
    };
  };

  const appAdmin = await apiSession(request, APP_ADMIN.email, APP_ADMIN.password);
  const encryptAsAdmin = await encrypter(request, appAdmin);
  const admin = isPerson(spec.admin)
    ? spec.admin
    : person('org-admin', { firstName: 'Olivia', lastName: 'Owner', ...spec.admin });
  const created = await send<{ org_id: string; default_group_id: string }>(
    request,
    appAdmin,
    'post',
    '/api/org/profile',
    {
      name,
      first_name: admin.firstName,
      last_name: admin.lastName,
      gender: 'Female',
      dob: '1984-04-04',
      email: admin.email,
      password: encryptAsAdmin(TEMPORARY_PASSWORD),
    },
  );
  await signOut(request, appAdmin);
  const first = isPerson(spec.admin) ? null : await firstApiSession(request, admin.email);
  const orgAdmin: Person = isPerson(spec.admin) ? spec.admin : { ...admin, id: first!.id };
  const session = first?.session ?? (await apiSession(request, orgAdmin.email, orgAdmin.password));
  // An account that exists is invited, never attached (issue 27): it accepts the mailed link.
  if (isPerson(spec.admin)) {
    const link = await linkFromMail(request, admin.email, '/process-invite', { subjectHas: name });
    await send(request, session, 'post', '/api/process-invitation', {
      it: new URL(link, 'http://link.test').searchParams.get('it'),
      status: 'accepted',
    });
  }
  // An admin of several organisations acts in the one it is in; make that this one.
  await send(request, session, 'post', '/api/switch', {
    currentOrgId: created.org_id,
    currentGroupId: null,
    currentUserType: 'org',
  });
  const encrypt = await encrypter(request, session);
  const addUser = async (role: string, names: PersonSpec, groupId: string): Promise<Person> => {
    const someone = person(role, names);
    await send(request, session, 'post', '/api/org/users', {
      firstName: someone.firstName,
      lastName: someone.lastName,
      email: someone.email,
      gender: 'Female',
      birthDate: '1990-06-15',
      password: encrypt(TEMPORARY_PASSWORD),
      groupIds: [groupId],
    });
    // They join at their first sign-in (issue 27), which also replaces the temporary password.
    const first = await firstApiSession(request, someone.email);
    await signOut(request, first.session);
    return { ...someone, id: first.id };
  };
  const specsOf = (people: number | PersonSpec[] | undefined, fallback: number) =>
    Array.isArray(people) ? people : Array.from({ length: people ?? fallback }, () => ({}));

  const groups: BuiltGroup[] = [];
  for (const [index, groupSpec] of (spec.groups ?? []).entries()) {
    const groupName = groupSpec.name ?? `Team ${String.fromCharCode(65 + index)} ${tag}`;
    // Each Add User hashes a password on the server: sent together, they share its cores.
    const admins = await Promise.all(
      specsOf(groupSpec.admins, 1).map((names) =>
        addUser('group-admin', names, created.default_group_id),
      ),
    );
    await send(request, session, 'post', '/api/group/profile', {
      name: groupName,
      adminUserIds: admins.map((groupAdmin) => groupAdmin.id),
    });
    const { list } = await send<{ list: { id: string; name: string }[] }>(
      request,
      session,
      'get',
      '/api/group/profile?rmssd=false',
    );
    const group = list.find((candidate) => candidate.name === groupName);
    expect(group, `group ${groupName} listed after creation`).toBeTruthy();
    const members = await Promise.all(
      specsOf(groupSpec.members, 0).map((names) => addUser('member', names, group!.id)),
    );
    groups.push({ id: group!.id, name: groupName, admins, members });
  }
  await signOut(request, session);

  await Promise.all(
    groups
      .flatMap((group) => group.members)
      .map((member, index) => recordReadings(request, member, spec.readingsPerMember ?? 0, index)),
  );
  return {
    id: created.org_id,
    name,
    defaultGroupId: created.default_group_id,
    admin: orgAdmin,
    groups,
  };
}

const DAY_MS = 86_400_000;

/**
 * `count` morning readings of two minutes of clean synthetic RR, one a day up to today; each
 * member's `index` seeds their own series, so members differ.
 */
async function recordReadings(
  request: APIRequestContext,
  member: Person,
  count: number,
  index: number,
) {
  if (count === 0) return;
  const session = await apiSession(request, member.email, member.password);
  for (let day = 0; day < count; day++) {
    const rr = Array.from(
      generateRr({ seed: index * 1000 + day + 1, durationS: 120, ectopicRate: 0 }),
    );
    await send(request, session, 'post', '/api/v1/readings', {
      clientId: `e2e-${member.id}-${day}`,
      takenAt: new Date(Date.now() - day * DAY_MS - 60_000).toISOString(),
      kind: 'morning',
      rr,
    });
  }
  await signOut(request, session);
}
