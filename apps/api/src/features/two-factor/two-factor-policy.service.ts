import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import {
  ENROL_BEFORE_REQUIRING_MESSAGE,
  type TwoFactorPolicy,
} from '@resonant/contracts/two-factor';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import { requireOrg, type TenantScope } from '../../kernel/scope.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  findAdminMfaPolicy,
  findFactorAccount,
  storeAdminMfaPolicy,
} from './two-factor.queries.ts';

/** GET /api/org/two-factor-policy: whether the current organisation requires it of its admins. */
export async function readAdminMfaPolicy(
  deps: AppDeps,
  scope: TenantScope,
): Promise<TwoFactorPolicy> {
  const org = requireOrg(scope);
  const policy = await findAdminMfaPolicy(deps.db, org.orgId);
  if (!policy) throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  return policy;
}

/**
 * PUT /api/org/two-factor-policy. An admin turning the requirement on must have a second factor
 * already (409 otherwise), so that nobody locks themselves out of their own organisation.
 */
export async function setAdminMfaPolicy(
  deps: AppDeps,
  scope: TenantScope,
  input: TwoFactorPolicy,
): Promise<TwoFactorPolicy> {
  const org = requireOrg(scope);
  if (input.requireAdminMfa) {
    const account = await findFactorAccount(deps.db, scope.accountId);
    if (!account.totpEnabledAt) throw conflict(ENROL_BEFORE_REQUIRING_MESSAGE);
  }
  await deps.db.transaction(async (tx) => {
    await storeAdminMfaPolicy(tx, org.orgId, input.requireAdminMfa);
    await audit(tx, scope, 'organization.require-admin-mfa', org.orgId, {
      requireAdminMfa: input.requireAdminMfa,
    });
  });
  return { requireAdminMfa: input.requireAdminMfa };
}
