import { and, asc, count, desc, eq, gt, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@resonant/contracts/fields';
import type { InvitationsSort } from '@resonant/contracts/invitations';
import type { InvitationsScope } from '../../kernel/scope.ts';
import type { MailStatus } from '@resonant/contracts/invitations';
import type { Database } from '../../db/client.ts';
import { accounts, profiles } from '../../db/schema/accounts.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { groups, orgMemberships, organisations } from '../../db/schema/organisations.ts';
import { listOrder } from '../../lib/list-order.ts';
import { containsPattern } from '../../lib/member-search.ts';

// Every query below filters by the caller's invitations scope first.

function inScope(scope: InvitationsScope): SQL | undefined {
  if (scope.mode === 'admin') return undefined;
  const inOrg = eq(invitations.orgId, scope.orgId);
  return scope.mode === 'group' ? and(inOrg, eq(invitations.groupId, scope.groupId)) : inOrg;
}

const invitationColumns = {
  id: invitations.id,
  orgId: invitations.orgId,
  groupId: invitations.groupId,
  moreGroupIds: invitations.moreGroupIds,
  email: invitations.email,
  firstName: invitations.firstName,
  lastName: invitations.lastName,
  role: invitations.role,
  status: invitations.status,
  mailStatus: invitations.mailStatus,
  expiresAt: invitations.expiresAt,
  linkIssuedAt: invitations.linkIssuedAt,
  orgName: organisations.name,
  groupName: groups.name,
};
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitationById>>>;

function selectInvitations(db: Database) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .leftJoin(groups, eq(groups.id, invitations.groupId));
}

const SORT_KEYS: Record<InvitationsSort, SQL[]> = {
  first_name: [sql`lower(${invitations.firstName})`],
  last_name: [sql`lower(${invitations.lastName})`],
  email: [sql`${invitations.email}`],
  org_name: [sql`lower(${organisations.name})`],
  group_name: [sql`lower(${groups.name})`],
  sent_at: [sql`${invitations.linkIssuedAt}`],
};
const NEWEST_FIRST = [desc(invitations.linkIssuedAt), desc(invitations.id)];

/**
 * One page of the invitations in scope, by the requested column (rows without a group last) or
 * the latest sent first; `search` matches names and email.
 */
export async function listInvitations(
  db: Database,
  scope: InvitationsScope,
  page: {
    limit: number;
    offset: number;
    search?: string;
    sort?: InvitationsSort;
    order: SortOrder;
  },
) {
  const pattern = page.search ? containsPattern(page.search) : null;
  const where = and(
    inScope(scope),
    pattern
      ? or(
          ilike(invitations.email, pattern),
          ilike(invitations.firstName, pattern),
          ilike(invitations.lastName, pattern),
          ilike(sql`${invitations.firstName} || ' ' || ${invitations.lastName}`, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectInvitations(db)
      .where(where)
      .orderBy(...listOrder(page, SORT_KEYS, NEWEST_FIRST))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(invitations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One invitation in scope, or null (404 for the caller). */
export async function findInvitation(db: Database, scope: InvitationsScope, invitationId: string) {
  const [row] = await selectInvitations(db).where(
    and(inScope(scope), eq(invitations.id, invitationId)),
  );
  return row ?? null;
}

/** An invitation by id, whatever its scope (the mail job and the link pages). */
export async function findInvitationById(db: Database, invitationId: string) {
  const [row] = await selectInvitations(db).where(eq(invitations.id, invitationId));
  return row ?? null;
}

/** The invitation a link's token opens, with who sent it; only the token's hash is compared. */
export async function findInvitationByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      ...invitationColumns,
      invitedByFirstName: profiles.firstName,
      invitedByLastName: profiles.lastName,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .leftJoin(groups, eq(groups.id, invitations.groupId))
    .leftJoin(profiles, eq(profiles.accountId, invitations.invitedByAccountId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** The sender's name for the mail: the inviting account's profile. */
export async function findInviterName(db: Database, invitationId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(invitations)
    .innerJoin(profiles, eq(profiles.accountId, invitations.invitedByAccountId))
    .where(eq(invitations.id, invitationId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

export async function findOrganisationName(db: Database, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row?.name ?? null;
}

/** A group of the organisation, or null when the id names none of its groups. */
export async function findOrgGroup(db: Database, orgId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
    .from(groups)
    .where(and(eq(groups.orgId, orgId), eq(groups.id, groupId)));
  return row ?? null;
}

/** The groups of an organisation an invitee can join: by name, Default last. */
export async function listOrgGroups(db: Database, orgId: string) {
  return db
    .select({ id: groups.id, name: groups.name, is_default: groups.isDefault })
    .from(groups)
    .where(eq(groups.orgId, orgId))
    .orderBy(asc(groups.isDefault), asc(sql`lower(${groups.name})`));
}

/** Organisations whose name contains the text, for the app admin's autocomplete. */
export async function searchOrganisations(db: Database, text: string, limit: number) {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(ilike(organisations.name, containsPattern(text)))
    .orderBy(asc(sql`lower(${organisations.name})`))
    .limit(limit);
}

/** Whether the account with this email is a member of the organisation already. */
export async function isOrgMember(db: Database, orgId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orgMemberships.id })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .where(and(eq(orgMemberships.orgId, orgId), eq(sql`lower(${accounts.email})`, email)));
  return row !== undefined;
}

/**
 * Marks the pending invitations of an email whose link has expired as expired, so that a new
 * invitation (one pending per email and organisation) can take their place.
 */
export async function expireStaleInvitations(
  db: Database,
  orgId: string,
  email: string,
  now: Date,
  exceptId?: string,
) {
  await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(invitations.orgId, orgId),
        eq(sql`lower(${invitations.email})`, email),
        eq(invitations.status, 'pending'),
        lte(invitations.expiresAt, now),
        exceptId ? ne(invitations.id, exceptId) : undefined,
      ),
    );
}

/** Stores the hash of the invitation's mailed token; false when it stopped being pending. */
export async function storeInvitationTokenHash(
  db: Database,
  id: string,
  tokenHash: string,
): Promise<boolean> {
  const [issued] = await db
    .update(invitations)
    .set({ tokenHash })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  return issued !== undefined;
}

export async function setInvitationMailStatus(
  db: Database,
  id: string,
  mailStatus: MailStatus,
): Promise<void> {
  await db.update(invitations).set({ mailStatus }).where(eq(invitations.id, id));
}

/**
 * Stores a new invitation; answers its id, or undefined when one to the same email is pending in
 * the organisation already.
 */
export async function insertInvitationUnlessPending(
  tx: Database,
  invitation: Omit<typeof invitations.$inferInsert, 'id'>,
): Promise<string | undefined> {
  const [created] = await tx
    .insert(invitations)
    .values(invitation)
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  return created?.id;
}

/** Makes the invitation pending again with a fresh expiry and no link yet (the resend). */
export async function reopenInvitation(
  tx: Database,
  invitation: { id: string; orgId: string },
  link: { tokenHash: string; expiresAt: Date; issuedAt: Date },
): Promise<void> {
  await tx
    .update(invitations)
    .set({
      status: 'pending',
      tokenHash: link.tokenHash,
      mailStatus: 'queued',
      expiresAt: link.expiresAt,
      linkIssuedAt: link.issuedAt,
      respondedAt: null,
    })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.orgId, invitation.orgId)));
}

/**
 * Records the answer to the invitation when it is still the pending, unexpired invitation of this
 * token; answers whether it was.
 */
export async function answerPendingInvitation(
  tx: Database,
  invitation: { id: string; tokenHash: string },
  answer: { status: 'accepted' | 'rejected'; acceptedByAccountId: string | null },
  now: Date,
): Promise<boolean> {
  const [answered] = await tx
    .update(invitations)
    .set({
      status: answer.status,
      respondedAt: now,
      acceptedByAccountId: answer.acceptedByAccountId,
    })
    .where(
      and(
        eq(invitations.id, invitation.id),
        eq(invitations.tokenHash, invitation.tokenHash),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  return answered !== undefined;
}
