import {
  APP_ADMIN_KEEPS_TWO_FACTOR_MESSAGE,
  INVALID_PASSWORD_MESSAGE,
  INVALID_TOTP_CODE_MESSAGE,
  NO_PENDING_SETUP_MESSAGE,
  TWO_FACTOR_ALREADY_ENABLED_MESSAGE,
  TWO_FACTOR_NOT_ENABLED_MESSAGE,
  type DisableTwoFactorBody,
  type RecoveryCodesResponse,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@resonant/contracts/two-factor';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { enrolmentCode, matchingStep, newTotpSecret } from './totp.ts';
import {
  acceptStep,
  countRecoveryCodesLeft,
  enableTotp,
  findFactorAccount,
  removeTotp,
  replaceRecoveryCodes,
  storePendingSecret,
  type FactorAccount,
} from './two-factor.queries.ts';

const actorOf = (scope: TenantScope) => ({ orgId: null, accountId: scope.accountId, ip: scope.ip });

/** GET /api/user/two-factor. */
export async function readTwoFactor(deps: AppDeps, scope: TenantScope): Promise<TwoFactorStatus> {
  const account = await findFactorAccount(deps.db, scope.accountId);
  return {
    enabled: account.totpEnabledAt !== null,
    enabledAt: account.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: account.totpEnabledAt
      ? await countRecoveryCodesLeft(deps.db, scope.accountId)
      : 0,
    canDisable: !scope.memberships.isAppAdmin,
  };
}

/** POST /api/user/two-factor/setup: a new pending secret (any earlier pending one is replaced). */
export async function startSetup(deps: AppDeps, scope: TenantScope): Promise<TwoFactorSetup> {
  const account = await findFactorAccount(deps.db, scope.accountId);
  const secret = newTotpSecret();
  if (!(await storePendingSecret(deps.db, scope.accountId, secret))) {
    throw conflict(TWO_FACTOR_ALREADY_ENABLED_MESSAGE);
  }
  return { secret, ...(await enrolmentCode(account.email, secret)) };
}

/**
 * Takes a current code of the account's secret once (400 INVALID_TOTP_CODE_MESSAGE otherwise, a
 * code already taken included).
 */
async function takeCode(deps: AppDeps, accountId: string, account: FactorAccount, code: string) {
  const step = account.totpSecret
    ? await matchingStep(account.totpSecret, code, deps.clock(), account.totpLastStep)
    : null;
  if (step === null || !(await acceptStep(deps.db, accountId, step))) {
    throw badRequest(INVALID_TOTP_CODE_MESSAGE);
  }
}

/** New recovery codes for the account, stored hashed; the codes themselves are answered once. */
async function issueRecoveryCodes(
  deps: AppDeps,
  accountId: string,
): Promise<RecoveryCodesResponse> {
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(deps.db, accountId, recoveryCodes.map(recoveryCodeHash));
  return { recoveryCodes };
}

/** POST /api/user/two-factor/confirm: a current code puts the pending secret in force. */
export async function confirmSetup(
  deps: AppDeps,
  scope: TenantScope,
  code: string,
): Promise<RecoveryCodesResponse> {
  const account = await findFactorAccount(deps.db, scope.accountId);
  if (account.totpEnabledAt) throw conflict(TWO_FACTOR_ALREADY_ENABLED_MESSAGE);
  if (!account.totpSecret) throw conflict(NO_PENDING_SETUP_MESSAGE);
  await takeCode(deps, scope.accountId, account, code);
  return deps.db.transaction(async (tx) => {
    if (!(await enableTotp(tx, scope.accountId, deps.clock()))) {
      throw conflict(NO_PENDING_SETUP_MESSAGE);
    }
    await audit(tx, actorOf(scope), 'account.mfa-enrol', scope.accountId);
    return issueRecoveryCodes({ ...deps, db: tx }, scope.accountId);
  });
}

/** The account with TOTP in force, or 409 TWO_FACTOR_NOT_ENABLED_MESSAGE. */
async function enrolledAccount(deps: AppDeps, accountId: string) {
  const account = await findFactorAccount(deps.db, accountId);
  if (!account.totpEnabledAt) throw conflict(TWO_FACTOR_NOT_ENABLED_MESSAGE);
  return account;
}

/**
 * POST /api/user/two-factor/disable, with a current code or the password. The app admin keeps
 * the second factor once it is on (403): its account reaches every organisation's records.
 */
export async function disableTwoFactor(
  deps: AppDeps,
  scope: TenantScope,
  input: z.output<typeof DisableTwoFactorBody>,
): Promise<void> {
  if (scope.memberships.isAppAdmin) throw forbidden(APP_ADMIN_KEEPS_TWO_FACTOR_MESSAGE);
  const account = await enrolledAccount(deps, scope.accountId);
  if (input.code) {
    await takeCode(deps, scope.accountId, account, input.code);
  } else {
    const valid =
      account.passwordHash !== null &&
      (await verifyPassword(account.passwordHash, input.password ?? ''));
    if (!valid) throw badRequest(INVALID_PASSWORD_MESSAGE);
  }
  await deps.db.transaction(async (tx) => {
    await removeTotp(tx, scope.accountId);
    await audit(tx, actorOf(scope), 'account.mfa-disable', scope.accountId);
  });
}

/** POST /api/user/two-factor/recovery-codes: a current code replaces every recovery code. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  scope: TenantScope,
  code: string,
): Promise<RecoveryCodesResponse> {
  const account = await enrolledAccount(deps, scope.accountId);
  await takeCode(deps, scope.accountId, account, code);
  return deps.db.transaction((tx) => issueRecoveryCodes({ ...deps, db: tx }, scope.accountId));
}
