import { randomUUID } from 'node:crypto';

export * from '../src/demo/demo-rows.queries.ts';

/** A valid POST /api/auth/sign-up body for a fresh address; `overrides` replaces any field. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${randomUUID()}@example.test`,
    password: 'Secret#123',
    firstName: 'Grace',
    lastName: 'Hopper',
    gender: 'Female',
    birthDate: '1986-12-09',
    ...overrides,
  };
}
