import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { ErrorResponse } from '@resonant/contracts/errors';

/**
 * The API as the component tests see it: only the routes a test answers exist, and any other
 * request fails that test (setup.ts starts it with `onUnhandledRequest: 'error'`).
 */
export const apiServer = setupServer();

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request an answered route received: its URL (for the query) and its JSON body, if any. */
export type ApiCall = { url: URL; body: unknown };

type AnswerOptions = { status?: number };

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function route(
  method: Method,
  path: string,
  status: number,
  reply: (call: ApiCall) => JsonBodyType,
): ApiCall[] {
  const calls: ApiCall[] = [];
  apiServer.use(
    http[method](`/api${path}`, async ({ request }) => {
      const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
      const call = {
        url: new URL(request.url),
        body: isForm ? undefined : await readJson(request),
      };
      calls.push(call);
      return HttpResponse.json(reply(call), { status });
    }),
  );
  return calls;
}

/**
 * Answers `method /api{path}` with `body` parsed through the contract's schema, so a fixture
 * cannot drift from what the API sends; returns the calls it receives, to assert what was sent.
 */
export function answer<Schema extends z.ZodType>(
  method: Method,
  path: string,
  schema: Schema,
  body: z.input<Schema> | ((call: ApiCall) => z.input<Schema>),
  options: AnswerOptions = {},
): ApiCall[] {
  return route(method, path, options.status ?? 200, (call) => {
    const given = typeof body === 'function' ? (body as (call: ApiCall) => unknown)(call) : body;
    return schema.parse(given) as JsonBodyType;
  });
}

/** Refuses `method /api{path}` with the API's one error shape. */
export function refuse(method: Method, path: string, status: number, message: string): ApiCall[] {
  return answer(method, path, ErrorResponse, { message }, { status });
}
