import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '@resonant/contracts/rate-limit';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount, signUpBody } from '../../../test/factories.ts';
import { dropRedisKeys, RATE_LIMIT_STORES } from '../../../test/rate-limit-stores.ts';

const WINDOW_SECONDS = 600;
const LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '6',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '2',
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: '4',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
};
const WRONG_PASSWORD = 'Wrong#Pass1';

let addresses = 0;
/** A client address no other test of this file uses. */
function freshAddress() {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A 429 of the auth limits: a Retry-After within the window and a message saying how long. */
function expectTooManyAttempts(response: LightMyRequestResponse, windowSeconds = WINDOW_SECONDS) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After: ${response.headers['retry-after']}`).toBe(
    true,
  );
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toEqual({ message: tooManyAttemptsMessage(retryAfter) });
}

for (const store of RATE_LIMIT_STORES) {
  describe.skipIf(store.skip)(`sign-in and sign-up limits, ${store.name}`, () => {
    let t: TestApp;
    const storeEnv = store.env();
    beforeAll(async () => {
      t = await buildTestApp({ env: { ...LIMITS, ...storeEnv } });
    });
    afterAll(async () => {
      await t?.close();
      await dropRedisKeys(storeEnv);
    });

    const signInFrom = (address: string, email: string, password = WRONG_PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: address,
        payload: { email, password },
      });

    it('refuses a client past its failures on an account, right password included, while the owner signs in elsewhere', async () => {
      const owner = await createAccount(t.db);
      const stranger = freshAddress();
      expect((await signInFrom(stranger, owner.email)).statusCode).toBe(401);
      // The email is the account whatever its case.
      expect((await signInFrom(stranger, owner.email.toUpperCase())).statusCode).toBe(401);
      const wrong = await signInFrom(stranger, owner.email);
      expectTooManyAttempts(wrong);
      expect(wrong.json()).toEqual({ message: 'Too many attempts. Try again in 10 minutes.' });
      // Refused before the password is checked, so the answer says nothing about it.
      expectTooManyAttempts(await signInFrom(stranger, owner.email, owner.password));

      // The owner, on another client, mistypes once and still gets in.
      const ownersClient = freshAddress();
      expect((await signInFrom(ownersClient, owner.email)).statusCode).toBe(401);
      expect((await signInFrom(ownersClient, owner.email, owner.password)).statusCode).toBe(200);
    });

    it('counts an IPv6 client by its /64, so changing the last bits does not reset it', async () => {
      const owner = await createAccount(t.db);
      expect((await signInFrom('2001:db8:0:7::1', owner.email)).statusCode).toBe(401);
      expect((await signInFrom('2001:db8:0:7::2', owner.email)).statusCode).toBe(401);
      expectTooManyAttempts(await signInFrom('2001:db8:0:7::3', owner.email, owner.password));
      expect((await signInFrom('2001:db8:0:8::1', owner.email, owner.password)).statusCode).toBe(
        200,
      );
    });

    it('at the per-account ceiling lets only clients without failures on the account try', async () => {
      const owner = await createAccount(t.db);
      const [first, second] = [freshAddress(), freshAddress()];
      for (const address of [first, first, second, second]) {
        expect((await signInFrom(address, owner.email)).statusCode).toBe(401);
      }
      // Four failures: the ceiling. A client that never failed on the account still gets in.
      expect((await signInFrom(freshAddress(), owner.email, owner.password)).statusCode).toBe(200);
      // A new client may try once; after one failure it is out, below its own limit of two.
      const third = freshAddress();
      expect((await signInFrom(third, owner.email)).statusCode).toBe(401);
      expectTooManyAttempts(await signInFrom(third, owner.email, owner.password));
    });

    it('limits one client spraying many accounts, and only that client', async () => {
      const account = await createAccount(t.db);
      const sprayer = freshAddress();
      for (let attempt = 1; attempt <= 6; attempt++) {
        const response = await signInFrom(sprayer, `sprayed-${randomUUID()}@example.test`);
        expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      }
      expectTooManyAttempts(await signInFrom(sprayer, account.email, account.password));
      expect((await signInFrom(freshAddress(), account.email, account.password)).statusCode).toBe(
        200,
      );
    });

    it('answers an unknown email exactly like a known one with a wrong password', async () => {
      const known = await createAccount(t.db);
      const answers = async (email: string) => {
        const client = freshAddress();
        const seen = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          const response = await signInFrom(client, email);
          seen.push([response.statusCode, response.json<{ message: string }>().message]);
        }
        return seen;
      };
      const forUnknown = await answers(`nobody-${randomUUID()}@example.test`);
      expect(forUnknown.map(([status]) => status)).toEqual([401, 401, 429]);
      expect(await answers(known.email)).toEqual(forUnknown);
    });

    it('limits sign-up attempts per client, counting only well-formed ones', async () => {
      const address = freshAddress();
      const signUpFrom = (from: string, payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: from, payload });
      expect((await signUpFrom(address, { email: 'not-an-email' })).statusCode).toBe(400);
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        statuses.push((await signUpFrom(address, signUpBody())).statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 202]);
      expectTooManyAttempts(await signUpFrom(address, signUpBody()));
      expect((await signUpFrom(freshAddress(), signUpBody())).statusCode).toBe(202);
    });

    it('lets the client try again once the window has passed', async () => {
      const windowSeconds = 2;
      const shortEnv = store.env();
      const short = await buildTestApp({
        env: {
          ...shortEnv,
          AUTH_RATE_LIMIT_PER_ACCOUNT: '1',
          AUTH_RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
        },
      });
      try {
        const owner = await createAccount(short.db);
        const signIn = (password: string) =>
          short.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            payload: { email: owner.email, password },
          });
        expect((await signIn(WRONG_PASSWORD)).statusCode).toBe(401);
        const refused = await signIn(owner.password);
        expectTooManyAttempts(refused, windowSeconds);
        await new Promise((resolve) =>
          setTimeout(resolve, Number(refused.headers['retry-after']) * 1000),
        );
        expect((await signIn(owner.password)).statusCode).toBe(200);
      } finally {
        await short.close();
        await dropRedisKeys(shortEnv);
      }
    });
  });
}

// Issue 27: TRUST_PROXY=true trusted every X-Forwarded-For hop, so a client named its own address
// and no per-IP limit bound it. The number of proxies in front decides which hop is the client.
describe('the client behind one reverse proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  /** What the proxy forwards: whatever the client claimed, then the address it saw. */
  const throughProxy = (claimed: string, seen: string, email: string, password = WRONG_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${claimed}, ${seen}` },
      payload: { email, password },
    });

  it('is the address the proxy saw, whatever X-Forwarded-For the client sent', async () => {
    const account = await createAccount(t.db);
    const sprayer = '203.0.113.7';
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await throughProxy(
        `198.51.100.${attempt}`,
        sprayer,
        `sprayed-${randomUUID()}@example.test`,
      );
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    expectTooManyAttempts(
      await throughProxy('198.51.100.99', sprayer, account.email, account.password),
    );
    const other = await throughProxy('203.0.113.7', '203.0.113.8', account.email, account.password);
    expect(other.statusCode).toBe(200);
  });
});
