import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

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
});
