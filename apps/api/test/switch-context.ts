import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';

/**
 * Switches the caller of `bearer` (POST /api/switch) into the organisation, as its org admin, or
 * into one of its groups, and expects the switch to succeed.
 */
export async function switchContext(
  t: TestApp,
  bearer: string,
  orgId: string,
  groupId: string | null,
): Promise<void> {
  const response = await t.call('POST', '/api/switch', bearer, {
    currentOrgId: orgId,
    currentGroupId: groupId,
    currentUserType: groupId ? 'group' : 'org',
  });
  expect(response.statusCode).toBe(200);
}
