import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import type { Permission } from '@resonant/contracts/roles';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../test/org-builder.ts';

type Route = { method: HTTPMethods; url: string };

/**
 * Every route of the router, read from `printRoutes({ commonPrefix: false })`: a tree whose lines
 * are `<indent>├── <segment> (<METHODS>)`, each segment continuing its parent's path. Each result is
 * confirmed with hasRoute, so a misread tree fails loudly instead of testing nothing.
 */
function collectRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) {
      if (line.trim()) throw new Error(`Unexpected printRoutes line: ${line}`);
      continue;
    }
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + match[2];
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (!method || method === '-') continue;
      const route = { method: method as HTTPMethods, url };
      // find-my-way's hasRoute cannot look up wildcard patterns; every other one must be found.
      if (!url.includes('*') && !app.hasRoute(route)) {
        throw new Error(`Misread route ${method} ${url}`);
      }
      routes.push(route);
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: ids for parameters, a path for wildcards. */
function concreteUrl(url: string) {
  return url.replace(/:[^/]+/g, randomUUID()).replace(/\*/g, 'anything');
}

// The only /api routes anyone may call without a session, each one a decision.
const PUBLIC_ROUTES = [
  'POST /api/auth/sign-up',
  'POST /api/auth/sign-in',
  'POST /api/auth/refresh',
  // The mailed confirmation link: its single-use token is the secret (issue 27).
  'POST /api/auth/verify-email',
  // Forgotten password: one answer for any address; the mailed link's token is the secret.
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // An email change's link, mailed to the new address: its single-use token is the secret.
  'POST /api/auth/email-change/confirm',
  // A sign-in's second step: the single-use challenge its first step answered is the secret.
  'POST /api/auth/two-factor',
  'GET /api/health',
  'HEAD /api/health',
  // The local (test-mode) invoice's pay page, its payment and PDF: the token is the secret, as
  // in Stripe's hosted invoice links.
  'GET /api/billing/local/invoices/:token',
  'HEAD /api/billing/local/invoices/:token',
  'POST /api/billing/local/invoices/:token/pay',
  'GET /api/billing/local/invoices/:token/pdf',
  'HEAD /api/billing/local/invoices/:token/pdf',
  // Stripe calls it; the signature is the check.
  'POST /api/billing/webhooks/stripe',
  // Social sign-in (OpenID Connect): the buttons, the round trip (state, PKCE and the binding
  // cookie are its checks) and the pending sign-up, whose httpOnly cookie names it.
  'GET /api/auth/oidc/providers',
  'HEAD /api/auth/oidc/providers',
  'POST /api/auth/oidc/:provider/start',
  'GET /api/auth/oidc/:provider/callback',
  'HEAD /api/auth/oidc/:provider/callback',
  'POST /api/auth/oidc/:provider/callback',
  'GET /api/auth/social/pending',
  'HEAD /api/auth/social/pending',
  'POST /api/auth/social/link',
  'POST /api/user/profile',
];
const isDocs = (route: Route) => route.url === '/api/docs' || route.url.startsWith('/api/docs/');

describe('declared permissions', () => {
  let t: TestApp;
  let routes: Route[];
  let orgAdminToken: string;
  let groupAdminToken: string;
  let memberToken: string;
  let appAdminToken: string;

  beforeAll(async () => {
    t = await buildTestApp({
      extraRoutes: (app) => {
        app.get(
          '/api/test/probe',
          { config: { permission: 'org.users.manage', context: 'org' } },
          async (request) => ({ role: request.scope.role, orgId: request.scope.orgId }),
        );
        app.get('/api/test/crash', { config: { permission: 'public' } }, async () => {
          throw new Error('secret internal detail at db.query (/srv/app/x.ts:1:1)');
        });
      },
    });
    routes = collectRoutes(t.app).filter(
      (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/test/'),
    );

    const { tokens } = await buildOrg(t, {
      groups: ['Team'],
      people: {
        orgAdmin: { orgAdmin: true },
        groupAdmin: { adminOf: ['Team'] },
        member: { groups: ['Team'] },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'member'],
    });
    orgAdminToken = tokens.orgAdmin;
    groupAdminToken = tokens.groupAdmin;
    memberToken = tokens.member;
    appAdminToken = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  describe('an app with a route that declares no permission', () => {
    const declaring = (permission: unknown) => (app: FastifyInstance) => {
      app.post(
        '/api/test/undeclared',
        { config: permission === undefined ? {} : { permission: permission as Permission } },
        async () => ({ ok: true }),
      );
    };

    it('refuses to start, naming the route', async () => {
      await expect(buildTestApp({ extraRoutes: declaring(undefined) })).rejects.toThrow(
        /POST \/api\/test\/undeclared/,
      );
    });

    it('refuses to start when the permission is not one of PERMISSIONS', async () => {
      await expect(buildTestApp({ extraRoutes: declaring('org.everything') })).rejects.toThrow(
        /without a declared permission: POST \/api\/test\/undeclared/,
      );
    });
  });

  it('finds the routes of the real app', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        ...PUBLIC_ROUTES,
        'POST /api/auth/sign-out',
        'GET /api/user/profile',
        'POST /api/user/profile',
        'PUT /api/user/profile',
        'GET /api/switch/orgs_and_groups',
        'POST /api/switch',
      ]),
    );
    // Everything the OpenAPI document knows is among them.
    const openApi = (
      t.app as unknown as { swagger: () => { paths: Record<string, object> } }
    ).swagger().paths;
    for (const [path, operations] of Object.entries(openApi)) {
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{([^}]+)\}/g, ':$1');
        if (url.startsWith('/api/test/')) continue;
        expect(names).toContain(`${method.toUpperCase()} ${url}`);
      }
    }
  });

  it('answers every non-public /api route 401 Unauthorized without a valid token', async () => {
    const guarded = routes.filter(
      (route) => !isDocs(route) && !PUBLIC_ROUTES.includes(`${route.method} ${route.url}`),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(5);
    for (const route of guarded) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const response = await t.app.inject({
          method: route.method,
          url: concreteUrl(route.url),
          headers,
        });
        const name = `${route.method} ${route.url} ${JSON.stringify(headers)}`;
        expect(response.statusCode, name).toBe(401);
        if (route.method !== 'HEAD')
          expect(response.json(), name).toEqual({ message: 'Unauthorized' });
      }
    }
  });

  it('lets the public routes through without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    // Reaching validation proves the session check let the request through.
    for (const url of ['/api/auth/sign-in', '/api/auth/sign-up']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(400);
    }
  });

  describe('a route needing a role permission (org.users.manage)', () => {
    const probe = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/test/probe', headers });

    it('answers 401 without a token', async () => {
      const response = await probe();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to roles without it: member, group admin, app admin', async () => {
      for (const token of [memberToken, groupAdminToken, appAdminToken]) {
        const response = await probe(t.bearer(token));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 200 to an org admin, with the scope resolved from the database', async () => {
      const response = await probe(t.bearer(orgAdminToken));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ role: 'org', orgId: expect.any(String) });
    });
  });

  describe('errors under /api', () => {
    it('answers a malformed JSON body with a 400 JSON message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.test", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(response.json())).toEqual(['message']);
      expect(response.body).not.toMatch(/\bat \S+ \(|<html/i);
    });

    it('answers a body over the size limit with a 413 JSON message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) },
      });
      expect(response.statusCode).toBe(413);
      expect(Object.keys(response.json())).toEqual(['message']);
    });

    it.each([
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/does-not-exist'],
      ['GET', '/api'],
      ['DELETE', '/api/user/profile'],
    ] as const)('answers %s %s with a 404 JSON message', async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('answers a server fault with a generic 500, never the error itself', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: FALLBACK_ERROR_MESSAGE });
      expect(response.body).not.toContain('secret');
    });
  });
});
