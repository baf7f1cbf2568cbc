import type { z } from 'zod';
import { ORGANIZATION_NOT_FOUND_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  ADMIN_USER_SEARCH_LIMIT,
  ALREADY_ORG_ADMIN_MESSAGE,
  APP_ADMIN_NOT_ORG_ADMIN_MESSAGE,
  LAST_ORG_ADMIN_MESSAGE,
  NOT_ORG_ADMIN_MESSAGE,
  ORG_ADMIN_ADDED_MESSAGE,
  ORG_ADMIN_REMOVED_MESSAGE,
  ORGANIZATION_CREATED_MESSAGE,
  ORGANIZATION_DELETED_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  ORGANIZATION_RENAMED_MESSAGE,
  uniqueNameOf,
  type AddOrgAdminBody,
  type AddOrganizationBody,
  type AddOrganizationResponse,
  type OrganizationIdQuery,
  type OrganizationsQuery,
  type OrganizationsResponse,
  type OrganizationSummary,
  type RemoveOrgAdminQuery,
  type RenameOrganizationBody,
  type UserListQuery,
  type UserListResponse,
} from '@resonant/contracts/organizations';
import type { MessageResponse } from '@resonant/contracts/errors';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { ORGANISATION_UNIQUE_NAME_INDEX } from '../../db/schema/organisations.ts';
import { audit } from '../../kernel/audit.ts';
import { inviteToOrganisation } from '../../kernel/org-invitations.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { joinOrganisation } from '../../lib/join-organisation.queries.ts';
import { readTransportedPassword } from '../../lib/password-transport.ts';
import { endOrgMembership } from '../../kernel/org-membership.ts';
import {
  deleteOrganization,
  demoteOrgAdmin,
  findAccount,
  insertOrganization,
  listOrganizations,
  lockOrgAdmins,
  lockOrganization,
  organizationExists,
  renameOrganization,
  searchAccounts,
  upsertOrgAdmin,
  type OrganizationSummaryRow,
} from './organizations.queries.ts';

// Every service here is the app admin's (the routes declare admin.organizations.manage, which only
// the app admin holds): the organisation is the one the request names, never a current context.

/** The organizations' services, with the job worker that mails the first admin's invitation. */
export type OrganizationsDeps = AppDeps & { jobs: JobWorker };

/**
 * Adds an organization with its Default group (SPEC §7 POST /org/profile, app admin only) and
 * invites its first admin (issue 27): whether or not the email has an account, the answer is the
 * same and nobody is admin before accepting the invitation, or, when the email had no account and
 * one is made here with the typed details and password, signing in to it.
 */
export async function addOrganization(
  deps: OrganizationsDeps,
  scope: TenantScope,
  body: z.output<typeof AddOrganizationBody>,
): Promise<AddOrganizationResponse> {
  if (body.email === deps.config.APP_ADMIN_EMAIL) {
    throw conflict(APP_ADMIN_NOT_ORG_ADMIN_MESSAGE);
  }
  const password = await readTransportedPassword(deps.db, body.password);
  const uniqueName = uniqueNameOf(body.uniqueName ?? body.name);
  // Hashed before the transaction; an account that exists keeps its own password.
  const admin = {
    email: body.email,
    passwordHash: await hashPassword(password),
    firstName: body.first_name,
    lastName: body.last_name,
    gender: body.gender,
    birthDate: body.dob,
  };
  try {
    const created = await deps.db.transaction(async (tx) => {
      const inserted = await insertOrganization(tx, { name: body.name, uniqueName, admin });
      const invited = await inviteToOrganisation(tx, deps, {
        orgId: inserted.orgId,
        invitedBy: scope.accountId,
        invitees: [{ ...admin, role: 'org', groupIds: [inserted.defaultGroupId] }],
      });
      await audit(tx, { ...scope, orgId: inserted.orgId }, 'organization.create', inserted.orgId, {
        adminInvitationId: invited.get(body.email) ?? null,
      });
      return inserted;
    });
    deps.jobs.kick();
    return {
      message: ORGANIZATION_CREATED_MESSAGE,
      org_id: created.orgId,
      admin_status: 'invited',
      default_group_id: created.defaultGroupId,
    };
  } catch (error) {
    if (isUniqueViolation(error, ORGANISATION_UNIQUE_NAME_INDEX)) {
      throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    }
    throw error;
  }
}

function presentOrganization(row: OrganizationSummaryRow): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    unique_name: row.uniqueName,
    created_at: row.createdAt.toISOString(),
    active: row.active,
    is_demo: row.isDemo,
    groups: row.groups.map((group) => ({
      group_id: group.id,
      group_name: group.name,
      is_default: group.isDefault,
    })),
    members_count: row.membersCount,
    admins_count: row.adminsCount,
    readings_count: row.readingsCount,
    sessions_count: row.sessionsCount,
  };
}

/**
 * The organizations (SPEC §7 GET /org/profile), newest first, with their groups and what deleting
 * one would remove; `orgId` names one (404 when there is none).
 */
export async function listOrganizationSummaries(
  deps: AppDeps,
  _scope: TenantScope,
  query: z.output<typeof OrganizationsQuery>,
): Promise<OrganizationsResponse> {
  const rows = await listOrganizations(deps.db, {
    search: query.search || undefined,
    orgId: query.orgId,
  });
  if (query.orgId && rows.length === 0) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  return { list: rows.map(presentOrganization) };
}

/** Renames an organization and its unique name (SPEC §7 PUT /org/profile); 409 when taken. */
export async function renameOrganizationById(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof RenameOrganizationBody>,
): Promise<MessageResponse> {
  const org = { orgId: body.orgId };
  const names = { name: body.name, uniqueName: uniqueNameOf(body.name) };
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockOrganization(tx, org, 'update');
      if (!before) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
      await renameOrganization(tx, org, names);
      await audit(tx, { ...scope, orgId: org.orgId }, 'organization.rename', org.orgId, {
        from: before,
        to: names,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, ORGANISATION_UNIQUE_NAME_INDEX)) {
      throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    }
    throw error;
  }
  return { message: ORGANIZATION_RENAMED_MESSAGE };
}

/**
 * Deletes an organization and everything it owns in one transaction (SPEC §7 DELETE /org/profile);
 * its members' accounts stay and sign in as individual users (or in their other organisations).
 * The audit row is platform-level (`org_id` null, the organisation in `target_id` and details):
 * the organisation's own audit rows stay, with `org_id` set null and its name kept in `org_name`.
 */
export async function deleteOrganizationById(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof OrganizationIdQuery>,
): Promise<MessageResponse> {
  const org = { orgId: query.orgId };
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, org, 'update');
    if (!locked) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    const [summary] = await listOrganizations(tx, { orgId: org.orgId });
    await deleteOrganization(tx, org);
    await audit(tx, { ...scope, orgId: null }, 'organization.delete', org.orgId, {
      orgId: org.orgId,
      name: locked.name,
      uniqueName: locked.uniqueName,
      members: summary?.membersCount ?? 0,
      readings: summary?.readingsCount ?? 0,
      sessions: summary?.sessionsCount ?? 0,
    });
  });
  return { message: ORGANIZATION_DELETED_MESSAGE };
}

/**
 * Adds or removes one admin of an organization in a transaction holding its row (key share) until
 * commit, so the organisation cannot be deleted under the change (404 when there is none), and
 * records it with whether the admin is external, as `change` tells.
 */
async function changeOrgAdmin(
  db: Database,
  scope: TenantScope,
  target: { orgId: string; userId: string; action: 'org-admin.add' | 'org-admin.remove' },
  change: (tx: Database) => Promise<{ isExternal: boolean }>,
): Promise<void> {
  const org = { orgId: target.orgId };
  await db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, org, 'key share'))) {
      throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    }
    const { isExternal } = await change(tx);
    await audit(tx, { ...scope, orgId: org.orgId }, target.action, target.userId, { isExternal });
  });
}

/**
 * Makes a user an admin of an organization (SPEC §7 PUT /org/admin): a member becomes an admin;
 * anyone else joins it (and its Default group) as an external admin (SPEC §6), whose seat the
 * organization does not pay. `isExternal` from the body is not trusted: the memberships decide.
 */
export async function addOrgAdmin(
  deps: AppDeps,
  scope: TenantScope,
  body: z.output<typeof AddOrgAdminBody>,
): Promise<MessageResponse> {
  const org = { orgId: body.orgId };
  const account = await findAccount(deps.db, body.userId);
  if (!account) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (account.email === deps.config.APP_ADMIN_EMAIL) {
    throw conflict(APP_ADMIN_NOT_ORG_ADMIN_MESSAGE);
  }
  const target = { ...org, userId: body.userId, action: 'org-admin.add' } as const;
  await changeOrgAdmin(deps.db, scope, target, async (tx) => {
    const added = await upsertOrgAdmin(tx, org, body.userId);
    if (!added) throw conflict(ALREADY_ORG_ADMIN_MESSAGE);
    // Every member is in the Default group; a member already is (nothing changes then).
    await joinOrganisation(tx, {
      orgId: org.orgId,
      accountId: body.userId,
      groupIds: [],
      orgAdmin: true,
    });
    return added;
  });
  return { message: ORG_ADMIN_ADDED_MESSAGE };
}

/**
 * Takes a user's admin role in an organization (SPEC §7 DELETE /org/admin): an internal admin
 * stays as a member, an external admin leaves the organisation and its groups. Never the last
 * admin (409): the admins are locked before they are counted.
 */
export async function removeOrgAdmin(
  deps: AppDeps,
  scope: TenantScope,
  query: z.output<typeof RemoveOrgAdminQuery>,
): Promise<MessageResponse> {
  const org = { orgId: query.orgId };
  const target = { ...org, userId: query.userId, action: 'org-admin.remove' } as const;
  await changeOrgAdmin(deps.db, scope, target, async (tx) => {
    const admins = await lockOrgAdmins(tx, org);
    const admin = admins.find((candidate) => candidate.accountId === query.userId);
    if (!admin) throw notFound(NOT_ORG_ADMIN_MESSAGE);
    if (admins.length <= 1) throw conflict(LAST_ORG_ADMIN_MESSAGE);
    if (admin.isExternal) {
      // As every removal (kernel/org-membership.ts): the payer change is recorded too.
      await endOrgMembership(tx, { ...org, accountId: query.userId }, deps.clock());
    } else {
      await demoteOrgAdmin(tx, org, query.userId);
    }
    return admin;
  });
  return { message: ORG_ADMIN_REMOVED_MESSAGE };
}

/**
 * The Add Admin autosuggest (SPEC §7 GET /user/list): accounts whose name or email contains the
 * keyword, of the organization named by `orgId` (404 when there is none) or of the whole
 * platform; never the app admin. At most ADMIN_USER_SEARCH_LIMIT, by name.
 */
export async function searchUsers(
  deps: AppDeps,
  _scope: TenantScope,
  query: z.output<typeof UserListQuery>,
): Promise<UserListResponse> {
  const org = query.orgId ? { orgId: query.orgId } : null;
  if (org && !(await organizationExists(deps.db, org))) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  const rows = await searchAccounts(deps.db, org, {
    keyword: query.keyword,
    excludeEmail: deps.config.APP_ADMIN_EMAIL,
    limit: ADMIN_USER_SEARCH_LIMIT,
  });
  return {
    list: rows.map((row) => ({
      user_id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      org_id: row.orgs[0]?.orgId ?? null,
      org_name: row.orgs[0]?.orgName ?? null,
      org_ids: row.orgs.map((membership) => membership.orgId),
    })),
  };
}
