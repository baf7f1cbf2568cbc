import { isNull } from 'drizzle-orm';
import { ROLES, roleHasPermission, type Permission, type Role } from '@resonant/contracts/roles';
import { tags } from '../../src/db/schema/readings.ts';
import { APP_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createAccount } from '../factories.ts';
import { buildOrg } from '../org-builder.ts';
import type { KnownIds } from './schema-arbitraries.ts';

/** Who sends a request: signed out, or signed in with one of the four roles. */
export type Caller = 'signed out' | Role;

/** The callers who may use a route: signed out for public ones, else every role holding it. */
export function callersFor(permission: Permission): Caller[] {
  if (permission === 'public') return ['signed out'];
  return ROLES.filter((role) => roleHasPermission(role, permission));
}

type Account = { email: string; password: string };

/**
 * A world of its own for one operation: an organisation with its Default group and a team, its
 * admin, the team's admin and a member (plus the platform's one app admin), and the ids that
 * exist there. Sessions are signed in through the real endpoint when first needed and again after
 * a 401, since a fuzzed sign-out may end one; what one operation's requests change or end never
 * reaches another's.
 */
export class FuzzWorld {
  private readonly tokens = new Map<Role, string>();

  private constructor(
    private readonly t: TestApp,
    private readonly accounts: Record<Role, Account>,
    readonly ids: KnownIds,
  ) {}

  /** Makes the world's rows; `appAdmin` is the app admin account, which exists only once. */
  static async create(t: TestApp, appAdmin: Account): Promise<FuzzWorld> {
    const org = await buildOrg(t, {
      groups: ['Fuzz Team'],
      people: {
        orgAdmin: { orgAdmin: true, groups: ['Default'] },
        groupAdmin: { groups: ['Default'], adminOf: ['Fuzz Team'] },
        member: { groups: ['Default', 'Fuzz Team'] },
      },
    });
    const { orgAdmin, groupAdmin, member } = org.people;
    const platformTags = await t.db.select({ id: tags.id }).from(tags).where(isNull(tags.orgId));
    return new FuzzWorld(
      t,
      { super: appAdmin, org: orgAdmin, group: groupAdmin, user: member },
      {
        orgs: [org.id],
        groups: [org.defaultGroupId, org.groups['Fuzz Team'].id],
        accounts: [orgAdmin.id, groupAdmin.id, member.id],
        tags: platformTags.map((tag) => tag.id),
      },
    );
  }

  /** The bearer token of a caller (none when signed out), signing in when there is none yet. */
  async token(caller: Caller): Promise<string | undefined> {
    if (caller === 'signed out') return undefined;
    let token = this.tokens.get(caller);
    if (!token) {
      const { email, password } = this.accounts[caller];
      token = await this.t.signIn(email, password);
      this.tokens.set(caller, token);
    }
    return token;
  }

  /** Forgets a caller's token after a 401, so the next request signs in again. */
  signedOut(caller: Caller) {
    if (caller !== 'signed out') this.tokens.delete(caller);
  }
}

/** The app admin's account, made once per app (its email is unique). */
export async function createAppAdmin(t: TestApp): Promise<Account> {
  const { email, password } = await createAccount(t.db, { email: APP_ADMIN_EMAIL });
  return { email, password };
}
