import { forbidden } from './http-error.ts';

/** The organisation and account a member acts for: where their readings and sessions belong. */
export type MemberScope = { orgId: string; accountId: string };

export const NO_ORGANIZATION_MESSAGE =
  'You are not in an organization: join or switch to one to record readings';

/**
 * The caller's current organisation, or 403 when they have none (the app admin, or an account
 * whose memberships were all removed). The org always comes from the resolved scope, never the body.
 */
export function requireOrg(scope: { orgId: string | null; accountId: string }): MemberScope {
  if (!scope.orgId) throw forbidden(NO_ORGANIZATION_MESSAGE);
  return { orgId: scope.orgId, accountId: scope.accountId };
}
