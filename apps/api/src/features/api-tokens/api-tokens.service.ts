import {
  API_TOKEN_EXPIRY_MESSAGE,
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT,
  type ApiToken,
  type ApiTokensResponse,
  type CreateApiTokenBody,
  type CreatedApiTokenResponse,
} from '@resonant/contracts/api-tokens';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../kernel/audit.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import { lockForTransaction } from '../../lib/advisory-lock.queries.ts';
import { generateToken, hashToken } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import {
  countApiTokens,
  deleteApiToken,
  insertApiToken,
  listApiTokens,
} from './api-tokens.queries.ts';

type TokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

const DAY_MS = 24 * 60 * 60 * 1000;

function presentToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const accountActor = (scope: TenantScope) => ({
  orgId: null,
  accountId: scope.accountId,
  ip: scope.ip,
});

/**
 * When a new token expires: `expiresInDays` from now, or the end (UTC) of the day `expiresOn`,
 * which must be from tomorrow to API_TOKEN_MAX_DAYS days ahead.
 */
function expiryOf(body: CreateApiTokenBody, now: Date): Date {
  if (body.expiresInDays !== undefined) {
    return new Date(now.getTime() + body.expiresInDays * DAY_MS);
  }
  const endOfDay = new Date(Date.parse(`${body.expiresOn}T00:00:00Z`) + DAY_MS);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastDay = today + (API_TOKEN_MAX_DAYS + 1) * DAY_MS;
  if (!(endOfDay.getTime() > today + DAY_MS && endOfDay.getTime() <= lastDay)) {
    throw badRequest(`expiresOn: ${API_TOKEN_EXPIRY_MESSAGE}`);
  }
  return endOfDay;
}

/** The caller's personal API tokens, expired ones included, oldest first. */
export async function listOwnApiTokens(
  deps: AppDeps,
  scope: TenantScope,
): Promise<ApiTokensResponse> {
  const rows = await listApiTokens(deps.db, scope.accountId);
  return { tokens: rows.map(presentToken) };
}

/**
 * Makes a personal API token for the caller and answers its secret, this once; only its SHA-256 is
 * stored. 409 when the account already keeps API_TOKENS_PER_ACCOUNT tokens.
 */
export async function createApiToken(
  deps: AppDeps,
  scope: TenantScope,
  body: CreateApiTokenBody,
): Promise<CreatedApiTokenResponse> {
  const now = deps.clock();
  const expiresAt = expiryOf(body, now);
  const secret = `${API_TOKEN_PREFIX}${generateToken()}`;
  const row = await deps.db.transaction(async (tx) => {
    // Two creations at once must not both pass the count.
    await lockForTransaction(tx, `api-tokens:${scope.accountId}`);
    if ((await countApiTokens(tx, scope.accountId)) >= API_TOKENS_PER_ACCOUNT) {
      throw conflict(API_TOKEN_LIMIT_MESSAGE);
    }
    const created = await insertApiToken(tx, {
      accountId: scope.accountId,
      name: body.name,
      tokenHash: hashToken(secret),
      scopes: body.scopes,
      expiresAt,
      createdAt: now,
    });
    await audit(tx, accountActor(scope), 'account.api-token-create', scope.accountId, {
      tokenId: created.id,
      name: created.name,
      scopes: created.scopes,
      expiresAt: expiresAt.toISOString(),
    });
    return created;
  });
  return { token: presentToken(row), secret };
}

/** Revokes (deletes) one of the caller's tokens; 404 for any other id (another person's too). */
export async function revokeApiToken(
  deps: AppDeps,
  scope: TenantScope,
  tokenId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const revoked = await deleteApiToken(tx, scope.accountId, tokenId);
    if (!revoked) throw notFound(API_TOKEN_NOT_FOUND_MESSAGE);
    await audit(tx, accountActor(scope), 'account.api-token-revoke', scope.accountId, {
      tokenId,
      name: revoked.name,
    });
  });
}
