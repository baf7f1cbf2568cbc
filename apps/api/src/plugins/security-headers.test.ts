import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg } from '../../test/org-builder.ts';

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse, scriptSources = ["'self'"]) {
  const csp = cspDirectives(response);
  expect(csp.get('script-src')).toEqual(scriptSources);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

// A built web app of one page, so the SPA answers are tested as they are served.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-web-dist-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Resonant</title>');

describe('security headers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDist } });
    const org = await buildOrg(t, {
      people: { member: { groups: ['Default'] } },
      signIn: ['member'],
    });
    token = org.tokens.member;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the web app under a CSP with no inline script or eval, unframeable, without HSTS on http', async () => {
    const response = await t.call('GET', '/org/users');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(response);
    // No outside origin without a Stripe publishable key.
    expect(cspDirectives(response).get('connect-src')).toEqual(["'self'"]);
    expect(cspDirectives(response).has('frame-src')).toBe(false);
    const scriptSources = cspDirectives(response).get('script-src') ?? [];
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(cspDirectives(response).has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers authenticated API calls with Cache-Control: no-store', async () => {
    const response = await t.call('GET', '/api/user/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(response);
  });

  it('sets the headers on API errors too', async () => {
    for (const response of [
      await t.call('GET', '/api/user/profile'),
      await t.call('GET', '/api/no-such-route', token),
    ]) {
      expect([401, 404]).toContain(response.statusCode);
      expect(response.headers['cache-control']).toBe('no-store');
      expectCommonHeaders(response);
    }
  });
});

describe('security headers when PUBLIC_URL is https', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://resonant.example.test' } });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(cspDirectives(response).has('upgrade-insecure-requests')).toBe(true);
    expectCommonHeaders(response);
  });
});

describe('security headers when a Stripe publishable key is set', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_security_headers',
      },
    });
  });
  afterAll(() => t.close());

  it("lets Stripe.js load, frame its card fields and call Stripe's API, and nothing else", async () => {
    // Every answer carries the one policy, the web app's pages included.
    const response = await t.call('GET', '/api/health');
    expectCommonHeaders(response, ["'self'", 'https://js.stripe.com']);
    const csp = cspDirectives(response);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });
});
