import type { TestApp } from './build-test-app.ts';

/** What people in the tests choose when they replace a temporary password. */
export const OWN_PASSWORD = 'Own#Chosen#2026';

/**
 * The first sign-in of someone an admin created with a password (Add User, import, Add
 * Organization): they sign in, then replace the temporary password with OWN_PASSWORD, as the web
 * makes them, and keep the session.
 */
export async function firstSignIn(t: TestApp, email: string, temporary: string): Promise<string> {
  const token = await t.signIn(email, temporary);
  const changed = await t.call('PUT', '/api/user/password', token, {
    currentPassword: temporary,
    newPassword: OWN_PASSWORD,
  });
  if (changed.statusCode !== 200) {
    throw new Error(`choosing a password failed: ${changed.statusCode} ${changed.body}`);
  }
  return token;
}
