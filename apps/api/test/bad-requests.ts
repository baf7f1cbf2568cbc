import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Sends each case's body and expects a 400 whose message contains the case's text. */
export async function expectBadRequests<Body>(
  send: (body: Body) => Promise<LightMyRequestResponse>,
  cases: readonly (readonly [Body, string])[],
): Promise<void> {
  for (const [body, message] of cases) {
    const response = await send(body);
    expect(response.statusCode, message).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  }
}
