import type { Role } from './roles.ts';

/**
 * Who manages users where: an org admin the whole organisation (`org`), a group admin only the
 * current group (`group`, SPEC §6: no stats, no import, no group choice, no admin toggle).
 * The API refuses what a mode does not allow; the web shows only what it allows.
 */
export type UsersMode = 'org' | 'group';

export const USERS_ACTIONS = [
  'list',
  'add',
  'edit',
  'stats',
  'import',
  'remove',
  'change-payer',
  'read-groups',
  'choose-groups',
  'set-admin',
] as const;
export type UsersAction = (typeof USERS_ACTIONS)[number];

// SPEC §6: group admins see and add users of their group and edit their personal details; all the
// rest (billing, org roles, groups, removal from the organisation) belongs to org admins.
const GROUP_MODE_ACTIONS: readonly UsersAction[] = ['list', 'add', 'edit'];

/** The users mode a role works in, or null when it manages no users. */
export function usersModeOf(role: Role): UsersMode | null {
  if (role === 'org') return 'org';
  if (role === 'group') return 'group';
  return null;
}

/** Whether a users mode allows an action. */
export function usersModeAllows(mode: UsersMode, action: UsersAction): boolean {
  return mode === 'org' || GROUP_MODE_ACTIONS.includes(action);
}

/** Whether a role may perform a users action (the role x action table of the tests). */
export function canManageUsers(role: Role, action: UsersAction): boolean {
  const mode = usersModeOf(role);
  return mode !== null && usersModeAllows(mode, action);
}

/** Nobody removes themselves from the organisation (SPEC §6: your own row cannot be deleted). */
export function canRemoveUser(callerId: string, targetId: string): boolean {
  return callerId !== targetId;
}

/** An org admin cannot take their own admin role away (their own row hides the admin checkbox). */
export function canSetOrgAdmin(callerId: string, targetId: string, isAdmin: boolean): boolean {
  return isAdmin || callerId !== targetId;
}

/** What decides who may edit an account's profile (name, gender, date of birth, email). */
export type ProfileOwnership = {
  /** The caller is the account's own person. */
  isOwner: boolean;
  /** The caller's organisation created the account (Add User, the import, Add Organization). */
  createdByThisOrg: boolean;
  /** The person has signed in to it at least once: it is theirs from then on. */
  claimed: boolean;
};

/**
 * Issue 27: the account-wide profile is its person's. An organisation edits it only for an account
 * it created and nobody has claimed yet; every other organisation sees the same profile.
 */
export function canEditAccountProfile(account: ProfileOwnership): boolean {
  return account.isOwner || (account.createdByThisOrg && !account.claimed);
}
