import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAccount } from '../../test/factories.ts';
import { dropRedisKeys, redisKeys, REDIS_STORE, redisUrl } from '../../test/rate-limit-stores.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

const WRONG_PASSWORD = 'Wrong#Pass1';
const LIMITS = { AUTH_RATE_LIMIT_PER_ACCOUNT: '2' };

const signInFrom = (t: TestApp, address: string, email: string, password = WRONG_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: address,
    payload: { email, password },
  });

describe('rate-limit store', () => {
  it('refuses to start, naming REDIS_URL, when Redis does not answer', async () => {
    await expect(buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /^REDIS_URL: Redis at 127\.0\.0\.1:1 does not answer \(.*ECONNREFUSED/,
    );
  });
});

describe.skipIf(REDIS_STORE.skip)(`rate-limit store, ${REDIS_STORE.name}`, () => {
  const env: Record<string, string> = { ...REDIS_STORE.env(), ...LIMITS };
  let instances: TestApp[] = [];
  beforeAll(async () => {
    instances = [await buildTestApp({ env }), await buildTestApp({ env })];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await dropRedisKeys(env);
  });

  it('shares the counters between instances behind one load balancer', async () => {
    const [first, second] = instances as [TestApp, TestApp];
    // Each instance has its own database here; the account exists in both, like in a shared one.
    const owner = await createAccount(first.db);
    await createAccount(second.db, { email: owner.email, password: owner.password });
    const stranger = '203.0.113.20';
    expect((await signInFrom(first, stranger, owner.email)).statusCode).toBe(401);
    expect((await signInFrom(second, stranger, owner.email)).statusCode).toBe(401);
    expect((await signInFrom(first, stranger, owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInFrom(second, stranger, owner.email, owner.password)).statusCode).toBe(429);
    expect((await signInFrom(second, '203.0.113.21', owner.email, owner.password)).statusCode).toBe(
      200,
    );
  });

  it('keeps its keys under the deployment prefix, with no password in them', async () => {
    const [first] = instances as [TestApp];
    const owner = await createAccount(first.db);
    await signInFrom(first, '203.0.113.22', owner.email);
    await signInFrom(first, '203.0.113.22', owner.email, owner.password);
    const keys = await redisKeys(env.REDIS_KEY_PREFIX!);
    expect(keys.some((key) => key.includes(owner.email))).toBe(true);
    for (const key of keys) {
      expect(key.startsWith(`${env.REDIS_KEY_PREFIX}rate-limit:`)).toBe(true);
      expect(key).not.toContain(WRONG_PASSWORD);
      expect(key).not.toContain(owner.password);
    }
  });
});

describe.skipIf(REDIS_STORE.skip)(
  `rate-limit store, ${REDIS_STORE.name}, when Redis goes away`,
  () => {
    let proxy: TcpProxy;
    let t: TestApp;
    const storeEnv = REDIS_STORE.env();
    beforeAll(async () => {
      const redis = new URL(redisUrl!);
      proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      const behindProxy = new URL(redisUrl!);
      behindProxy.hostname = '127.0.0.1';
      behindProxy.port = String(proxy.port);
      t = await buildTestApp({ env: { ...storeEnv, ...LIMITS, REDIS_URL: behindProxy.href } });
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.cut();
      await dropRedisKeys(storeEnv);
    });

    it('lets requests through uncounted while Redis is down, and limits again once it is back', async () => {
      const owner = await createAccount(t.db);
      const stranger = '203.0.113.30';
      const signIn = (password?: string) => signInFrom(t, stranger, owner.email, password);
      expect((await signIn()).statusCode).toBe(401);
      expect((await signIn()).statusCode).toBe(401);
      expect((await signIn(owner.password)).statusCode).toBe(429);

      await proxy.cut();
      const started = Date.now();
      expect((await signIn(owner.password)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);

      await proxy.restore();
      // The counters kept in Redis apply again as soon as the client has reconnected.
      await vi.waitFor(async () => expect((await signIn(owner.password)).statusCode).toBe(429), {
        timeout: 10_000,
        interval: 250,
      });
    });
  },
);
