import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDER_ERROR_MESSAGE } from '@resonant/contracts/billing';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { PaymentProviderError } from '../lib/billing/payment-provider-error.ts';
import { tooManyRequests } from '../lib/http-error.ts';
import { errorHandlerPlugin } from './error-handler.ts';

// The causes are refused before the database (plugins/storable-text.ts, the contracts); this net
// catches a value that slips past them, without hiding a real server fault.
describe('a database error caused by a value the client sent', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      extraRoutes: (app) => {
        const probe = (url: string, query: () => Promise<unknown>) =>
          app.get(url, { config: { permission: 'public' } }, async () => {
            await query();
            return { ok: true };
          });
        probe('/api/test/nul-text', () => t.db.execute(sql`select ${'a\u0000b'}::text`));
        probe('/api/test/huge-int', () => t.db.execute(sql`select ${'99999999999'}::int`));
        probe('/api/test/not-a-uuid', () => t.db.execute(sql`select ${'nope'}::uuid`));
        probe('/api/test/no-table', () => t.db.execute(sql`select * from no_such_table`));
      },
    });
  });
  afterAll(() => t.close());

  it.each(['/api/test/nul-text', '/api/test/huge-int', '/api/test/not-a-uuid'])(
    '%s answers 400 with a message',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'A value in the request cannot be stored' });
    },
  );

  it('leaves a server fault a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/no-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: FALLBACK_ERROR_MESSAGE });
  });
});

// Only our HttpError, Fastify's own errors and the ones the handler maps keep their status: a
// library's `statusCode` (Stripe's 401 for a wrong key) is not an answer for our client.
describe('the status of an error', () => {
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  const logged: { level: number; msg: string; err?: { type: string; message: string } }[] = [];
  const fails = (url: string, error: Error) =>
    app.get(url, async () => {
      throw error;
    });

  beforeAll(async () => {
    await app.register(errorHandlerPlugin);
    fails(
      '/stripe-auth',
      new Stripe.errors.StripeAuthenticationError({
        message: 'Invalid API Key provided: sk_test_***',
        statusCode: 401,
      }),
    );
    fails(
      '/provider-down',
      new PaymentProviderError(
        new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED 127.0.0.1:9' }),
      ),
    );
    fails('/too-many', tooManyRequests('Slow down', 30));
    // What http-errors makes for the client (@fastify/static's range refusal).
    fails(
      '/range',
      Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416, expose: true }),
    );
    app.post('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  beforeEach(() => {
    logged.length = 0;
  });

  it("answers another library's error 500, whatever its statusCode, and logs it", async () => {
    const response = await app.inject({ method: 'GET', url: '/stripe-auth' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: FALLBACK_ERROR_MESSAGE });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        err: expect.objectContaining({ type: 'StripeAuthenticationError' }),
      }),
    );
  });

  it('answers the payment provider failing 502 with our message, and logs its cause', async () => {
    const response = await app.inject({ method: 'GET', url: '/provider-down' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: PAYMENT_PROVIDER_ERROR_MESSAGE });
    const [entry] = logged.filter((line) => line.level === 50);
    expect(entry?.err?.type).toBe('PaymentProviderError');
    expect(entry?.err?.message).toContain('ECONNREFUSED');
  });

  it("keeps our HttpError's status and headers, and Fastify's and http-errors' own 4xx", async () => {
    const limited = await app.inject({ method: 'GET', url: '/too-many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.json()).toEqual({ message: 'Slow down' });

    const notJson = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/JSON/);

    const range = await app.inject({ method: 'GET', url: '/range' });
    expect(range.statusCode).toBe(416);
    expect(range.json()).toEqual({ message: 'Range Not Satisfiable' });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});
