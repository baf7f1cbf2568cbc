import { sql } from 'drizzle-orm';
import type { ApiTokenScope } from '@resonant/contracts/api-tokens';
import type { Database } from '../db/client.ts';
import {
  resolveContext,
  type Context,
  type ContextRequest,
  type ContextType,
  type MembershipSnapshot,
} from './policies.ts';

/** The caller behind a bearer token: its session, memberships and the context it acts in now. */
export type SignedInCaller = {
  sessionId: string;
  accountId: string;
  memberships: MembershipSnapshot;
  context: Context;
  /** The account's password is temporary: only the routes that replace it answer (session plugin). */
  passwordChangeRequired: boolean;
  /** The database state the caller was read in (see TenantScope.snapshot). */
  snapshot: string;
  /** Its second factor, and the organisations that require one of their admins. */
  secondFactor: { enabled: boolean; requiredByOrgIds: string[] };
};

/** One organisation of the caller as the statement aggregates it (json). */
type OrgRow = {
  orgId: string;
  isOrgAdmin: boolean;
  /** An org admin's view: every group of the organisation, oldest first; null for anyone else. */
  orgGroupIds: string[] | null;
  /** The groups the caller belongs to, oldest first, each with its group-admin flag. */
  ownGroups: [groupId: string, isAdmin: boolean][] | null;
  requireAdminMfa: boolean;
};

type CallerRow = {
  snapshot: string;
  session_id: string;
  account_id: string;
  is_app_admin: boolean;
  current_org_id: string | null;
  current_group_id: string | null;
  current_type: ContextType | null;
  orgs: OrgRow[] | null;
  mfa_enabled: boolean;
  password_temporary: boolean;
};

/**
 * What the caller statement reads beside its source row `s` (a session, or a personal API token)
 * and its account `a` and profile `p`: the app admin mark, stored context, second factor, temporary
 * password, and the memberships of active organisations — per organisation one json object whose
 * group lists are uuid arrays aggregated in the database, so an org admin's thousand groups are one
 * array, not a thousand rows. It also answers the statement's MVCC snapshot, which names the
 * database state all of this was read in.
 */
const CALLER_COLUMNS = sql`pg_current_snapshot()::text as snapshot, s.id as session_id,
      s.account_id, a.is_app_admin,
      p.current_org_id, p.current_group_id, p.current_type,
      a.totp_enabled_at is not null as mfa_enabled,
      a.password_temporary,
      (select json_agg(json_build_object(
          'orgId', m.org_id,
          'isOrgAdmin', m.role = 'admin',
          'orgGroupIds', case when m.role = 'admin' then (
            select array_agg(g.id order by g.created_at, g.id)
            from groups g where g.org_id = m.org_id) end,
          'ownGroups', (
            select json_agg(json_build_array(gm.group_id, gm.is_admin) order by g.created_at, g.id)
            from group_memberships gm join groups g on g.id = gm.group_id
            where gm.org_id = m.org_id and gm.account_id = m.account_id),
          'requireAdminMfa', o.require_admin_mfa)
        order by m.created_at, m.org_id)
       from org_memberships m join organisations o on o.id = m.org_id
       where m.account_id = s.account_id and o.active) as orgs`;

/**
 * The whole caller in ONE statement, so every authenticated request costs one database round trip
 * before its handler: the live (unrevoked, unexpired, within its absolute lifetime) session of the
 * token hash with CALLER_COLUMNS. Nothing is cached: a removed membership or a revoked session is
 * seen by the very next request.
 */
async function loadCallerRow(db: Database, tokenHash: string, now: Date) {
  const result = (await db.execute(sql`
    select ${CALLER_COLUMNS}
    from sessions s
    join accounts a on a.id = s.account_id
    left join profiles p on p.account_id = s.account_id
    where s.token_hash = ${tokenHash} and s.revoked_at is null
      and s.expires_at > ${now.toISOString()}::timestamptz
      and s.absolute_expires_at > ${now.toISOString()}::timestamptz`)) as unknown as {
    rows: CallerRow[];
  };
  return result.rows[0] ?? null;
}

/** How long a personal API token's last use may lag, so a busy script does not write every call. */
const LAST_USE_GRANULARITY = '1 minute';

/**
 * The caller of a personal API token in ONE statement, like a session's: the unexpired token of
 * the hash with its scopes and CALLER_COLUMNS. The same statement marks the token used when the
 * route's `scope` is one of its scopes (a refused call is no use) and its last use is a minute old
 * or more; the row read beside it shows the state before that mark, which nothing here needs.
 */
async function loadApiTokenRow(db: Database, tokenHash: string, scope: ApiTokenScope, now: Date) {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with used as (
      update personal_api_tokens set last_used_at = ${at}::timestamptz
      where token_hash = ${tokenHash} and expires_at > ${at}::timestamptz
        and ${scope}::api_token_scope = any(scopes)
        and (last_used_at is null
          or last_used_at <= ${at}::timestamptz - ${LAST_USE_GRANULARITY}::interval)
      returning id)
    select ${CALLER_COLUMNS}, to_json(s.scopes) as token_scopes
    from personal_api_tokens s
    join accounts a on a.id = s.account_id
    left join profiles p on p.account_id = s.account_id
    where s.token_hash = ${tokenHash} and s.expires_at > ${at}::timestamptz`)) as unknown as {
    rows: (CallerRow & { token_scopes: ApiTokenScope[] })[];
  };
  return result.rows[0] ?? null;
}

/**
 * Per organisation the groups the caller can see: every group for an org admin, its own otherwise
 * (oldest first either way).
 */
function membershipsOf(orgs: readonly OrgRow[]): MembershipSnapshot['orgs'] {
  return orgs.map((org) => {
    const own = new Map(org.ownGroups ?? []);
    const visible = org.isOrgAdmin ? (org.orgGroupIds ?? []) : [...own.keys()];
    return {
      orgId: org.orgId,
      isOrgAdmin: org.isOrgAdmin,
      groups: visible.map((groupId) => ({
        groupId,
        isMember: own.has(groupId),
        isAdmin: own.get(groupId) ?? false,
      })),
    };
  });
}

/** The caller a row of the statement describes. */
function callerOf(row: CallerRow): SignedInCaller {
  const stored: ContextRequest = {
    orgId: row.current_org_id,
    groupId: row.current_group_id,
    type: row.current_type,
  };
  const memberships: MembershipSnapshot = row.is_app_admin
    ? { isAppAdmin: true, orgs: [] }
    : { isAppAdmin: false, orgs: membershipsOf(row.orgs ?? []) };
  return {
    sessionId: row.session_id,
    accountId: row.account_id,
    memberships,
    context: resolveContext(memberships, stored),
    passwordChangeRequired: row.password_temporary,
    snapshot: row.snapshot,
    secondFactor: {
      enabled: row.mfa_enabled,
      requiredByOrgIds: (row.orgs ?? []).filter((org) => org.requireAdminMfa).map((o) => o.orgId),
    },
  };
}

/**
 * The caller of a bearer token's hash, or null when no live session has it. The app admin (the
 * account the server marked `is_app_admin`, never one matched by its email) has no memberships; everyone else acts in the stored context while
 * their memberships still allow it (resolveContext), else in their highest one.
 */
export async function loadSignedInCaller(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SignedInCaller | null> {
  const row = await loadCallerRow(db, tokenHash, now);
  return row ? callerOf(row) : null;
}

/**
 * The caller of a personal API token's hash with the token's scopes, or null when no unexpired
 * token has it (a revoked token is deleted). A token acts as its account in the account's stored
 * context, the one it last chose in the app, resolved as a session's is; `sessionId` is then the
 * token's id. Marks the token used when `scope` is one of its scopes (at most once a minute).
 */
export async function loadApiTokenCaller(
  db: Database,
  tokenHash: string,
  scope: ApiTokenScope,
  now: Date,
): Promise<{ caller: SignedInCaller; scopes: ApiTokenScope[] } | null> {
  const row = await loadApiTokenRow(db, tokenHash, scope, now);
  return row ? { caller: callerOf(row), scopes: row.token_scopes } : null;
}
