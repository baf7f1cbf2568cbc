import type { TestApp } from './build-test-app.ts';
import {
  addMember,
  createAccount,
  createGroup,
  createOrg,
  type AccountInput,
  type MembershipInput,
} from './factories.ts';

/** Every organisation has it; people name it like any other group. */
const DEFAULT_GROUP = 'Default';

/** One person of an organisation: their account, and their place in it. */
export type PersonSpec<Group extends string = string> = AccountInput &
  Omit<MembershipInput, 'groups'> & {
    /** An account made earlier, for someone in two organisations; no new account is made. */
    account?: Person;
    /** Groups the person belongs to, by name. */
    groups?: readonly Group[];
    /** Groups the person administers (and so belongs to), by name. */
    adminOf?: readonly Group[];
  };

export type OrgSpec<
  Group extends string,
  People extends Record<string, PersonSpec<Group | typeof DEFAULT_GROUP>>,
  SignedIn extends keyof People,
> = {
  name?: string;
  timeZone?: string;
  /** Groups besides Default, created in this order. */
  groups?: readonly Group[];
  /** The people, created in this order, each by the key the test calls them. */
  people: People;
  /** Who is signed in through the real endpoint, in this order. */
  signIn?: readonly SignedIn[];
};

type Person = { id: string; email: string; password: string };

export type BuiltOrg<Group extends string, PersonKey extends string, SignedIn extends string> = {
  id: string;
  name: string;
  defaultGroupId: string;
  groups: Record<Group | typeof DEFAULT_GROUP, { id: string; name: string }>;
  people: Record<PersonKey, Person>;
  /** The people's account ids. */
  ids: Record<PersonKey, string>;
  /** Bearer tokens of the people in `signIn`. */
  tokens: Record<SignedIn, string>;
};

/**
 * An organisation with its groups and people in one call: org admins, group admins and members,
 * by name, and bearer tokens for those the test signs in with.
 *
 *   const org = await buildOrg(t, {
 *     groups: ['Alpha'],
 *     people: { admin: { orgAdmin: true }, lead: { adminOf: ['Alpha'] }, ada: { groups: ['Alpha'] } },
 *     signIn: ['admin', 'lead'],
 *   });
 */
export async function buildOrg<
  const Group extends string,
  const People extends Record<string, PersonSpec<NoInfer<Group> | typeof DEFAULT_GROUP>>,
  const SignedIn extends keyof People & string = never,
>(
  t: TestApp,
  spec: OrgSpec<Group, People, SignedIn>,
): Promise<BuiltOrg<Group, keyof People & string, SignedIn>> {
  const org = await createOrg(t.db, { name: spec.name, timeZone: spec.timeZone });
  const groups: Record<string, { id: string; name: string }> = {
    [DEFAULT_GROUP]: { id: org.defaultGroupId, name: DEFAULT_GROUP },
  };
  for (const name of spec.groups ?? []) groups[name] = await createGroup(t.db, org.id, name);
  const groupId = (name: string) => {
    const group = groups[name];
    if (!group) throw new Error(`buildOrg: no group named ${name}`);
    return group.id;
  };

  const people: Record<string, Person> = {};
  for (const [key, person] of Object.entries(spec.people)) {
    const {
      account,
      orgAdmin,
      payer,
      isExternal,
      groups: memberOf = [],
      adminOf = [],
      ...input
    } = person;
    const created = account ?? (await createAccount(t.db, input));
    await addMember(t.db, org.id, created.id, {
      orgAdmin,
      payer,
      isExternal,
      groups: [
        ...memberOf.map((name) => ({ groupId: groupId(name) })),
        ...adminOf.map((name) => ({ groupId: groupId(name), isAdmin: true })),
      ],
    });
    people[key] = created;
  }

  const tokens: Record<string, string> = {};
  for (const key of spec.signIn ?? []) {
    const person = people[key]!;
    tokens[key] = await t.signIn(person.email, person.password);
  }
  return {
    ...org,
    groups: groups as BuiltOrg<Group, string, string>['groups'],
    people: people as Record<keyof People & string, Person>,
    ids: Object.fromEntries(
      Object.entries(people).map(([key, person]) => [key, person.id]),
    ) as Record<keyof People & string, string>,
    tokens: tokens as Record<SignedIn, string>,
  };
}

/** An account outside every organisation (the app admin, say), signed in. */
export async function signedInAccount(t: TestApp, input: AccountInput = {}) {
  const account = await createAccount(t.db, input);
  return { ...account, token: await t.signIn(account.email, account.password) };
}
