import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_CURRENT_GROUP_MESSAGE, NO_CURRENT_ORG_MESSAGE } from '@resonant/contracts/errors';
import {
  PERMISSIONS,
  roleHasPermission,
  type Permission,
  type Role,
} from '@resonant/contracts/roles';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../test/org-builder.ts';
import { needsDeclaredContext, type RequiredContext } from './scope.ts';

type Operation = {
  method: HTTPMethods;
  path: string;
  permission: Permission;
  context: RequiredContext | undefined;
};

/** Every operation of the app's OpenAPI document, with the permission and context it declares. */
function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths: Record<string, Record<string, Record<string, unknown>>> })
    .paths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as HTTPMethods,
      path,
      permission: operation['x-permission'] as Permission,
      context: operation['x-context'] as RequiredContext | undefined,
    })),
  );
}

/** The callers who hold a route's permission but act outside any organisation or group. */
type Caller = { name: string; role: Role; hasOrg: boolean; hasGroup: boolean; token: string };

/** What a caller without the context gets: always this status and message. */
function expectedRefusal(caller: Caller, context: RequiredContext) {
  if (!caller.hasOrg) return NO_CURRENT_ORG_MESSAGE;
  if (context === 'group' && !caller.hasGroup) return NO_CURRENT_GROUP_MESSAGE;
  return null;
}

const t: TestApp = await buildTestApp();
const org = await buildOrg(t, { people: { owner: { orgAdmin: true } }, signIn: ['owner'] });
const callers: Caller[] = [
  {
    name: 'the app admin',
    role: 'super',
    hasOrg: false,
    hasGroup: false,
    token: (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token,
  },
  {
    name: 'a member of no organisation',
    role: 'user',
    hasOrg: false,
    hasGroup: false,
    token: (await signedInAccount(t)).token,
  },
  {
    name: 'an org admin acting as org',
    role: 'org',
    hasOrg: true,
    hasGroup: false,
    token: org.tokens.owner,
  },
];
const operations = operationsOf(t.app.swagger());
const rows = operations.flatMap((operation) =>
  operation.context
    ? callers
        .filter((caller) => roleHasPermission(caller.role, operation.permission))
        .map((caller) => ({
          ...operation,
          caller,
          message: expectedRefusal(caller, operation.context!),
        }))
        .filter((row) => row.message !== null)
    : [],
);

describe('routes that need a current organisation or group', () => {
  afterAll(() => t.close());

  it('are read from the OpenAPI document, which lists every operation', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(rows.map((row) => `${row.method} ${row.path} as ${row.caller.name}`)).toEqual(
      expect.arrayContaining([
        'GET /api/group/participants as an org admin acting as org',
        'GET /api/hrv_analytics/group_users_trends as an org admin acting as org',
        'POST /api/v1/readings as a member of no organisation',
        'GET /api/tags as the app admin',
      ]),
    );
  });

  it('declare their context whenever their permission is held inside an organisation only', () => {
    const undeclared = operations.filter(
      (operation) => needsDeclaredContext(operation.permission) && !operation.context,
    );
    expect(undeclared).toEqual([]);
    expect(PERMISSIONS.filter(needsDeclaredContext).length).toBeGreaterThan(0);
  });

  it.each(rows.map((row) => [`${row.method} ${row.path}`, row.caller.name, row] as const))(
    '%s answers %s 403 with the one message',
    async (_route, _caller, row) => {
      // Any input: the context is checked before the input is read.
      const response = await t.app.inject({
        method: row.method,
        url: row.path.replace(/\{[^}]+\}/g, randomUUID()),
        headers: t.bearer(row.caller.token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: row.message });
    },
  );

  it('answers the dashboard of the current group the same way when the query asks for a group', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/hrv_analytics/dashboard_aggregated?type=group',
      headers: t.bearer(org.tokens.owner),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NO_CURRENT_GROUP_MESSAGE });
  });
});

describe('a route of an organisation permission without a declared context', () => {
  it('stops the app from starting', async () => {
    await expect(
      buildTestApp({
        extraRoutes: (app) => {
          app.get(
            '/api/forgotten',
            { config: { permission: 'org.users.manage' } },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow('Routes without a declared context: GET /api/forgotten');
  });
});
