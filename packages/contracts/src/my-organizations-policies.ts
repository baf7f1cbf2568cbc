import {
  ADMIN_VIEWS,
  LAST_ORG_ADMIN_LEAVE_MESSAGE,
  type AdminViewKey,
} from './my-organizations.ts';

/** A member's standing in the organisation they would leave. */
export type LeaveStanding = { isOrgAdmin: boolean; orgAdmins: number };

/**
 * Why the caller may not leave, or null when they may: an organisation keeps at least one org
 * admin, or nobody could manage it (its users, billing, groups). The API refuses with it (409);
 * the web shows it instead of the Leave button.
 */
export function leaveRefusal({ isOrgAdmin, orgAdmins }: LeaveStanding): string | null {
  return isOrgAdmin && orgAdmins <= 1 ? LAST_ORG_ADMIN_LEAVE_MESSAGE : null;
}

/**
 * What the admins of an organisation can open about a member: every view, whatever the member's
 * role (an org admin's own readings are open to the other org admins as anyone's are).
 */
export function adminsCanSee(): AdminViewKey[] {
  return ADMIN_VIEWS.map((view) => view.key);
}
