import { describe, expect, it } from 'vitest';
import { postLoginPath, roleHasPermission, type Role } from './roles.ts';

const HOME: Record<Role, string> = { super: '/admin', org: '/org', group: '/group', user: '/user' };
const INVITES = ['/process-invite', '/process-life-time-membership-invite'];

// SPEC §2: the redirectTo prefixes each user type may be sent to after login.
const ALLOWED: Record<Role, string[]> = {
  super: ['/admin'],
  org: ['/org', '/group', '/welcome', ...INVITES],
  group: ['/group', '/welcome', ...INVITES],
  user: ['/user', '/welcome', ...INVITES],
};

const EVERY_AREA = ['/admin', '/org', '/group', '/user', '/welcome', ...INVITES];
const LEAVING_THE_SITE = [
  '//evil.com',
  '//evil.com/org',
  '/\\evil.com',
  '/\\evil.com/org',
  'https://evil.com',
  'https://evil.com/org',
  'javascript:alert(1)',
  'org',
];
// Same leading characters as an allowed prefix, but another path.
const LOOK_ALIKES: Record<Role, string[]> = {
  super: ['/administrator', '/admins/x'],
  org: ['/organisation', '/organization/settings', '/orgs'],
  group: ['/groups', '/group-admin'],
  user: ['/users', '/username'],
};
const ROLES = Object.keys(HOME) as Role[];

describe('postLoginPath', () => {
  describe.each(ROLES)('%s', (role) => {
    it('goes home without a redirect', () => {
      expect(postLoginPath(role)).toBe(HOME[role]);
      expect(postLoginPath(role, null)).toBe(HOME[role]);
      expect(postLoginPath(role, '')).toBe(HOME[role]);
    });

    const honoured = ALLOWED[role].flatMap((prefix) => [
      prefix,
      `${prefix}/`,
      `${prefix}/deeper/page`,
      `${prefix}?it=abc123`,
      `${prefix}#section`,
    ]);
    it.each(honoured)('honours %s', (target) => {
      expect(postLoginPath(role, target)).toBe(target);
    });

    const otherAreas = EVERY_AREA.filter((area) => !ALLOWED[role].includes(area));
    const refused = [
      ...otherAreas,
      ...otherAreas.map((area) => `${area}/page`),
      ...LEAVING_THE_SITE,
      ...LOOK_ALIKES[role],
    ];
    it.each(refused)('refuses %s', (target) => {
      expect(postLoginPath(role, target)).toBe(HOME[role]);
    });
  });

  it('sends an unknown or missing role to /', () => {
    expect(postLoginPath(undefined)).toBe('/');
    expect(postLoginPath(null, '/org')).toBe('/');
    expect(postLoginPath('owner' as Role)).toBe('/');
    expect(postLoginPath('owner' as Role, '/org')).toBe('/');
    expect(postLoginPath('toString' as Role, '/org')).toBe('/');
  });

  it('lets every role but the app admin reach the welcome page, and only the app admin /admin', () => {
    expect(ROLES.filter((role) => postLoginPath(role, '/welcome') === '/welcome').sort()).toEqual([
      'group',
      'org',
      'user',
    ]);
    expect(ROLES.filter((role) => postLoginPath(role, '/admin/orgs') === '/admin/orgs')).toEqual([
      'super',
    ]);
  });
});

describe('roleHasPermission', () => {
  it('lets every person manage their own data, but not the app admin', () => {
    expect(ROLES.filter((role) => roleHasPermission(role, 'own-data.manage')).sort()).toEqual([
      'group',
      'org',
      'user',
    ]);
  });

  it('lets every member of an organisation record readings, but not the app admin', () => {
    expect(ROLES.filter((role) => roleHasPermission(role, 'readings.write')).sort()).toEqual([
      'group',
      'org',
      'user',
    ]);
  });
});
