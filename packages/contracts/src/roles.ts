/** The four user types of SPEC §1; `super` is the single app admin. */
export const ROLES = ['super', 'org', 'group', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  org: 'Organization Admin',
  group: 'Group Admin',
  super: 'App Admin',
  user: 'Individual User',
};

/** Every member of an organisation records their own readings and sessions. */
const MEMBER = ['readings.write'] as const;
/**
 * What every person does with their own data and account, in an organisation or alone: read,
 * correct, export and delete their recordings, see who read them, leave, make API tokens. The
 * app admin's account holds no recordings and is not deleted from inside the app.
 */
export const PERSONAL_PERMISSIONS = ['own-data.manage'] as const;
const GROUP_ADMIN = [
  'group.dashboard.read',
  'group.participants.manage',
  'group.invitations.manage',
  'reports.read',
] as const;
const ORG_ADMIN = [
  'org.dashboard.read',
  'org.groups.manage',
  'org.users.manage',
  'org.invitations.manage',
  'org.billing.manage',
] as const;
const APP_ADMIN = [
  'admin.organizations.manage',
  'admin.analytics.read',
  'admin.invoices.read',
  'admin.invitations.manage',
  'admin.lifetime-claims.manage',
] as const;

/**
 * Every action a route can require. `public` routes need no session; `authenticated` ones need a
 * session but no particular role. All others are granted through ROLE_PERMISSIONS.
 */
export const PERMISSIONS = [
  'public',
  'authenticated',
  ...ORG_ADMIN,
  ...GROUP_ADMIN,
  ...MEMBER,
  ...PERSONAL_PERMISSIONS,
  ...APP_ADMIN,
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type RolePermission = Exclude<Permission, 'public' | 'authenticated'>;

export const ROLE_PERMISSIONS: Record<Role, readonly RolePermission[]> = {
  super: APP_ADMIN,
  org: [...ORG_ADMIN, ...GROUP_ADMIN, ...MEMBER, ...PERSONAL_PERMISSIONS],
  group: [...GROUP_ADMIN, ...MEMBER, ...PERSONAL_PERMISSIONS],
  user: [...MEMBER, ...PERSONAL_PERMISSIONS],
};

/** Whether a role holds a permission; `authenticated` is held by every role. */
export function roleHasPermission(role: Role, permission: Permission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Home route of each user type (SPEC §2 "After login the user goes to"). */
export const ROLE_HOME: Record<Role, string> = {
  org: '/org',
  group: '/group',
  super: '/admin',
  user: '/user',
};

const INVITE_PATHS = ['/process-invite', '/process-life-time-membership-invite'];

/** The redirectTo prefixes each user type may be sent to after login (SPEC §2). */
export const REDIRECT_PREFIXES: Record<Role, readonly string[]> = {
  super: ['/admin'],
  org: ['/org', '/group', '/welcome', ...INVITE_PATHS],
  group: ['/group', '/welcome', ...INVITE_PATHS],
  user: ['/user', '/welcome', ...INVITE_PATHS],
};

/**
 * Where a user goes after signing in: `redirectTo` when it is a same-site path that starts with one
 * of the role's allowed prefixes, otherwise the role's home; `/` when the role is unknown.
 */
export function postLoginPath(role: Role | null | undefined, redirectTo?: string | null): string {
  if (!role || !Object.hasOwn(ROLE_HOME, role)) return '/';
  if (redirectTo && isAllowedRedirect(role, redirectTo)) return redirectTo;
  return ROLE_HOME[role];
}

function isAllowedRedirect(role: Role, target: string): boolean {
  // Only same-site absolute paths: "//host" and "/\host" would leave the site.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return REDIRECT_PREFIXES[role].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
