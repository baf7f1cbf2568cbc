import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import {
  createAccount as createAccountRow,
  type AccountInput,
} from '../src/demo/demo-rows.queries.ts';
import { APP_ADMIN_EMAIL } from './build-test-app.ts';

export * from '../src/demo/demo-rows.queries.ts';

/**
 * An account with a profile (demo-rows' createAccount). The test apps' APP_ADMIN_EMAIL gets the
 * app admin's mark, as the server's start (ensureAppAdmin) gives it, unless `isAppAdmin` says
 * otherwise: the tests sign in as the app admin by creating that account.
 */
export function createAccount(db: Database, input: AccountInput = {}) {
  const isAppAdmin = input.isAppAdmin ?? input.email?.toLowerCase() === APP_ADMIN_EMAIL;
  return createAccountRow(db, { ...input, isAppAdmin });
}

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
