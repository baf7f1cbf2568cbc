import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_DEMO_PASSWORD } from './demo-env.ts';
import { loadConfig } from './env.ts';
import { isLoopbackHost } from './oidc-env.ts';

/** Production with mail kept in the outbox on purpose (it refuses to start otherwise). */
const PRODUCTION = { NODE_ENV: 'production', MAIL_OUTBOX: 'true' } as const;

describe('loadConfig', () => {
  it('gives a first run safe defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
    expect(config.DEMO_DATA).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ADMIN_PASSWORD).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(path.isAbsolute(config.WEB_DIST_DIR)).toBe(true);
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'var/resonant',
      DATABASE_URL: 'postgres://app@db.example.test:5432/resonant',
      APP_ADMIN_EMAIL: 'Boss@Example.TEST',
      SESSION_TTL_MINUTES: '15',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe(path.resolve('var/resonant'));
    expect(config.DATABASE_URL).toBe('postgres://app@db.example.test:5432/resonant');
    expect(config.APP_ADMIN_EMAIL).toBe('boss@example.test');
    expect(config.SESSION_TTL_MINUTES).toBe(15);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['true', true],
    ['1', true],
    ['yes', true],
  ])('reads DEMO_DATA=%s as %s', (value, expected) => {
    expect(loadConfig({ DEMO_DATA: value }).DEMO_DATA).toBe(expected);
  });

  it.each([
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['https://resonant.example//', 'https://resonant.example'],
    ['https://example.org/resonant/', 'https://example.org/resonant'],
    ['https://example.org/resonant', 'https://example.org/resonant'],
  ])('drops the trailing slashes of PUBLIC_URL %s', (given, expected) => {
    const config = loadConfig({ PUBLIC_URL: given });
    expect(config.PUBLIC_URL).toBe(expected);
    expect(config.DEV_IDENTITY_PROVIDER).toBe(given.startsWith('http://localhost'));
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['true', true],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '-1', '1.5', 'a'.repeat(3_000)])(
    'refuses TRUST_PROXY=%s, saying what it may be',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be the number of proxies in front of the server/,
      );
    },
  );

  it('refuses TRUST_PROXY=true in production, where a client could name its own address', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true believes every X-Forwarded-For hop/,
    );
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('refuses production without SMTP unless the outbox is chosen knowingly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: production sends mail over SMTP: set SMTP_URL, or MAIL_OUTBOX=true/,
    );
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: 'true' }).SMTP_URL).toBeUndefined();
    const smtp = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' });
    expect(smtp.SMTP_URL).toBe('smtp://mail.example.org:587');
    expect(loadConfig({}).MAIL_OUTBOX).toBe(false);
  });

  describe('the demo', () => {
    it('comes with the published password on a first run on this machine', () => {
      const config = loadConfig({});
      expect(config.DEMO_DATA).toBe(true);
      expect(config.DEMO_PASSWORD).toBe(PUBLISHED_DEMO_PASSWORD);
      expect(config.DEMO_PASSWORD_GENERATED).toBe(false);
    });

    it.each([
      ['in production', PRODUCTION],
      ['at a public address', { PUBLIC_URL: 'https://hrv.example.org' }],
    ])('%s comes only when asked, with a generated password', (_where, env) => {
      expect(loadConfig(env).DEMO_DATA).toBe(false);
      const first = loadConfig({ ...env, DEMO_DATA: 'true' });
      const second = loadConfig({ ...env, DEMO_DATA: 'true' });
      expect(first).toMatchObject({ DEMO_DATA: true, DEMO_PASSWORD_GENERATED: true });
      expect(first.DEMO_PASSWORD).toHaveLength(20);
      expect(first.DEMO_PASSWORD).not.toBe(second.DEMO_PASSWORD);
      expect(
        loadConfig({ ...env, DEMO_DATA: 'true', DEMO_PASSWORD: 'Chosen#Demo42' }),
      ).toMatchObject({ DEMO_PASSWORD: 'Chosen#Demo42', DEMO_PASSWORD_GENERATED: false });
      expect(() =>
        loadConfig({ ...env, DEMO_DATA: 'true', DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD }),
      ).toThrow(/DEMO_PASSWORD: the published demo password is refused/);
    });
  });

  it('treats empty optional values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', APP_ADMIN_PASSWORD: '', SMTP_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ADMIN_PASSWORD).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it.each(['abc', '-1', '70000', '80.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/Invalid configuration[\s\S]*PORT/);
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DEMO_DATA: 'maybe', APP_ADMIN_PASSWORD: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration/);
    for (const name of ['PORT', 'DEMO_DATA', 'APP_ADMIN_PASSWORD']) expect(message).toContain(name);
    expect(message).not.toMatch(/\b(LOG_LEVEL|SESSION_TTL_MINUTES)\b/);
  });

  it('keeps rate-limit counters in memory unless REDIS_URL names a Redis server', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('takes both Stripe keys or neither, and names them when only one is set', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(stripe).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    const together =
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both for Stripe, or neither for the built-in test mode';
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      `Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: ${together}`,
    );
    expect(() =>
      loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: '' }),
    ).toThrow(`Invalid configuration:\n  STRIPE_SECRET_KEY: ${together}`);
  });

  it('keeps the seat price at most $10,000, so an invoice amount in cents fits an int4', () => {
    expect(loadConfig({}).SEAT_PRICE_CENTS).toBe(500);
    expect(loadConfig({ SEAT_PRICE_CENTS: '1000000' }).SEAT_PRICE_CENTS).toBe(1_000_000);
    expect(() => loadConfig({ SEAT_PRICE_CENTS: '1000001' })).toThrow(/SEAT_PRICE_CENTS/);
  });

  it('puts the per-account ceiling at ten clients worth of failures unless it is set', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_ACCOUNT: '7' }).AUTH_RATE_LIMIT_ACCOUNT_CEILING).toBe(
      70,
    );
    expect(
      loadConfig({ AUTH_RATE_LIMIT_PER_ACCOUNT: '7', AUTH_RATE_LIMIT_ACCOUNT_CEILING: '20' })
        .AUTH_RATE_LIMIT_ACCOUNT_CEILING,
    ).toBe(20);
  });

  describe('OpenID Connect providers', () => {
    const APPLE_KEY = '-----BEGIN PRIVATE KEY-----\\nMIGHAgEAMBMG\\n-----END PRIVATE KEY-----';
    const apple = {
      OIDC_APPLE_CLIENT_ID: 'com.example.resonant',
      OIDC_APPLE_TEAM_ID: 'TEAM123456',
      OIDC_APPLE_KEY_ID: 'KEY1234567',
      OIDC_APPLE_PRIVATE_KEY: APPLE_KEY,
    };
    const problem = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };

    it('has none by default, and then the development provider on localhost', () => {
      const config = loadConfig({});
      expect(config.OIDC_PROVIDERS).toEqual([]);
      expect(config.DEV_IDENTITY_PROVIDER).toBe(true);
    });

    it('reads the Google pair, with Google as the issuer', () => {
      const config = loadConfig({
        OIDC_GOOGLE_CLIENT_ID: 'google-client',
        OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
      });
      expect(config.OIDC_PROVIDERS).toEqual([
        {
          id: 'google',
          kind: 'google',
          label: 'Google',
          issuer: 'https://accounts.google.com',
          clientId: 'google-client',
          clientAuth: { method: 'client_secret_basic', secret: 'google-secret' },
          responseMode: 'query',
          scope: 'openid email profile',
          development: false,
        },
      ]);
      expect(config.DEV_IDENTITY_PROVIDER).toBe(false);
    });

    it('reads the Apple set: a form post and a client-secret JWT from the team key', () => {
      const [provider] = loadConfig(apple).OIDC_PROVIDERS;
      expect(provider).toMatchObject({
        id: 'apple',
        kind: 'apple',
        label: 'Apple',
        issuer: 'https://appleid.apple.com',
        clientId: 'com.example.resonant',
        responseMode: 'form_post',
        development: false,
      });
      expect(provider?.clientAuth).toEqual({
        method: 'apple_client_secret_jwt',
        teamId: 'TEAM123456',
        keyId: 'KEY1234567',
        // A key pasted on one line keeps its line breaks.
        privateKey: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMG\n-----END PRIVATE KEY-----',
      });
    });

    it('reads any number of generic providers, named by their variables, after Google and Apple', () => {
      const config = loadConfig({
        OIDC_OKTA_ISSUER: 'https://example.okta.com',
        OIDC_OKTA_CLIENT_ID: 'okta-client',
        OIDC_OKTA_CLIENT_SECRET: 'okta-secret',
        OIDC_OKTA_LABEL: 'Okta',
        OIDC_ACME_ISSUER: 'https://sso.acme.example',
        OIDC_ACME_CLIENT_ID: 'acme-client',
        OIDC_ACME_CLIENT_SECRET: 'acme-secret',
        OIDC_ACME_LABEL: 'Acme SSO',
        OIDC_GOOGLE_CLIENT_ID: 'google-client',
        OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
        OIDC_GOOGLE_LABEL: 'Google Workspace',
        ...apple,
      });
      expect(
        config.OIDC_PROVIDERS.map(({ id, kind, label, issuer }) => ({ id, kind, label, issuer })),
      ).toEqual([
        {
          id: 'google',
          kind: 'google',
          label: 'Google Workspace',
          issuer: 'https://accounts.google.com',
        },
        { id: 'apple', kind: 'apple', label: 'Apple', issuer: 'https://appleid.apple.com' },
        { id: 'acme', kind: 'oidc', label: 'Acme SSO', issuer: 'https://sso.acme.example' },
        { id: 'okta', kind: 'oidc', label: 'Okta', issuer: 'https://example.okta.com' },
      ]);
      expect(config.OIDC_PROVIDERS[3]?.clientAuth).toEqual({
        method: 'client_secret_basic',
        secret: 'okta-secret',
      });
    });

    it.each([
      [{ OIDC_GOOGLE_CLIENT_ID: 'google-client' }, 'OIDC_GOOGLE_CLIENT_SECRET'],
      [{ OIDC_GOOGLE_CLIENT_SECRET: 'google-secret' }, 'OIDC_GOOGLE_CLIENT_ID'],
      [{ ...apple, OIDC_APPLE_KEY_ID: '' }, 'OIDC_APPLE_KEY_ID'],
      [{ ...apple, OIDC_APPLE_PRIVATE_KEY: undefined }, 'OIDC_APPLE_PRIVATE_KEY'],
      [
        {
          OIDC_OKTA_ISSUER: 'https://example.okta.com',
          OIDC_OKTA_CLIENT_ID: 'okta-client',
          OIDC_OKTA_LABEL: 'Okta',
        },
        'OIDC_OKTA_CLIENT_SECRET',
      ],
    ])('refuses a partial set (%j), naming %s', (env, missing) => {
      const message = problem(env);
      expect(message).toMatch(/^Invalid configuration/);
      expect(message).toContain(`  ${missing}: is required with`);
    });

    it('refuses a generic issuer that is not a URL', () => {
      expect(
        problem({
          OIDC_OKTA_ISSUER: 'okta',
          OIDC_OKTA_CLIENT_ID: 'okta-client',
          OIDC_OKTA_CLIENT_SECRET: 'okta-secret',
          OIDC_OKTA_LABEL: 'Okta',
        }),
      ).toContain('OIDC_OKTA_ISSUER: must be a URL');
    });

    it.each([
      ['on a first run on localhost', {}, true],
      ['on 127.0.0.1', { PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
      ['not when DEV_OIDC=false', { DEV_OIDC: 'false' }, false],
      [
        'not when PUBLIC_URL is not this machine',
        { PUBLIC_URL: 'https://resonant.example' },
        false,
      ],
      [
        'not when a provider is configured',
        { OIDC_GOOGLE_CLIENT_ID: 'google-client', OIDC_GOOGLE_CLIENT_SECRET: 'google-secret' },
        false,
      ],
      [
        'not even with DEV_OIDC=true off localhost',
        { DEV_OIDC: 'true', PUBLIC_URL: 'https://resonant.example' },
        false,
      ],
      // PUBLIC_URL left unset on a deployment still says localhost, while HOST is 0.0.0.0.
      ['never in production, even on localhost', PRODUCTION, false],
      [
        'never in production, even with DEV_OIDC=true',
        { ...PRODUCTION, DEV_OIDC: 'true', PUBLIC_URL: 'http://127.0.0.1:3000' },
        false,
      ],
      ['in the tests’ environment', { NODE_ENV: 'test' }, true],
    ])('mounts the development identity provider %s', (_when, env, expected) => {
      expect(loadConfig(env).DEV_IDENTITY_PROVIDER).toBe(expected);
    });

    it.each([
      ['127.0.0.1', true],
      ['127.1.2.3', true],
      ['localhost', true],
      ['::1', true],
      ['[::1]', true],
      ['0.0.0.0', false],
      ['::', false],
      ['192.168.1.10', false],
    ])('tells whether HOST %s is reachable only from this machine', (host, loopback) => {
      expect(isLoopbackHost(host)).toBe(loopback);
    });
  });
});
