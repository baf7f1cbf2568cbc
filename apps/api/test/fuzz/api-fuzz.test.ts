import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, it } from 'vitest';
import { CLIENT_VALUE_ERROR_MESSAGE } from '../../src/plugins/error-handler.ts';
import { buildTestApp } from '../build-test-app.ts';
import { callersFor, createAppAdmin, FuzzWorld, type Caller } from './fuzz-callers.ts';
import { requestArbitrary, type FuzzRequest } from './fuzz-requests.ts';
import { apiOperations } from './openapi-operations.ts';

// Fixed, so a failure reproduces; FUZZ_SEED and FUZZ_RUNS explore further from the command line.
// 40 runs an operation on PostgreSQL (CI), 20 on the embedded database, whose run is the one a
// fresh clone's `npm test` makes within its 15 minutes (decision 0041); CI makes both.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const RUNS = Number(
  process.env.FUZZ_RUNS ?? (process.env.TEST_DB_BACKEND === 'postgresql' ? 40 : 20),
);
const SHOWN_BODY_CHARS = 2_000;

// Rate limits would turn most of the suite into 429s; those that still come must carry a message.
const GENEROUS_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
  INVITE_RATE_LIMIT_PER_ORG: '1000000',
};

const t = await buildTestApp({ env: GENEROUS_LIMITS });
const appAdmin = await createAppAdmin(t);
const operations = apiOperations(t.app.swagger());
const statuses = new Map<number, number>();
let sent = 0;
const started = performance.now();

const shown = (payload: FuzzRequest['payload']) => {
  if (payload === undefined) return '(none)';
  const text = JSON.stringify(typeof payload === 'string' ? payload : payload.toString('latin1'));
  return text.length > SHOWN_BODY_CHARS
    ? `${text.slice(0, SHOWN_BODY_CHARS)}... (${text.length} characters)`
    : text;
};

/**
 * Why a response breaks the contract, or null: a 5xx, a 4xx without a JSON {message}, or a value
 * refused by the database itself (the error handler's safety net: the check before it is missing).
 */
function fault(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return 'a server error';
  if (response.statusCode < 400) return null;
  let message: unknown;
  try {
    message = response.json<{ message?: unknown }>().message;
  } catch {
    return 'a 4xx whose body is not JSON';
  }
  if (typeof message !== 'string') return 'a 4xx without a string message';
  if (message === CLIENT_VALUE_ERROR_MESSAGE) return 'a value only the database refused';
  return null;
}

describe(`every /api operation of the OpenAPI document (seed ${SEED}, ${RUNS} runs each)`, () => {
  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
    console.log(
      `fuzz: ${sent} requests to ${operations.length} operations in ${seconds} s ` +
        `(seed ${SEED}; answers ${answers.join(' ')})`,
    );
    await t.close();
  });

  for (const operation of operations) {
    const callers = callersFor(operation.permission);
    it(`${operation.method} ${operation.path} as ${callers.join(', ')}`, async () => {
      const world = await FuzzWorld.create(t, appAdmin);
      const requests = requestArbitrary<Caller>(operation, world.ids, callers);
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const token = await world.token(request.caller);
          const headers = token
            ? { ...request.headers, authorization: `Bearer ${token}` }
            : request.headers;
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode === 401) world.signedOut(request.caller);
          const problem = fault(response);
          if (problem) {
            throw new Error(
              [
                `${problem}: ${response.statusCode} ${response.body.slice(0, SHOWN_BODY_CHARS)}`,
                `caller: ${request.caller}`,
                `request: ${request.method} ${request.url}`,
                `headers: ${JSON.stringify(headers)}`,
                `body: ${shown(request.payload)}`,
              ].join('\n'),
            );
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
