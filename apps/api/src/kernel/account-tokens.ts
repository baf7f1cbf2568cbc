import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/client.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { linkMailHandler } from '../lib/link-mail-job.ts';
import type { Mailer, OutgoingMail } from '../lib/mailer.ts';
import { generateToken, hashToken } from '../lib/crypto.ts';
import { voidTokenHash } from '../lib/link-tokens.ts';
import {
  findLiveAccountToken,
  insertAccountToken,
  storeAccountTokenHash,
  spendAccountToken,
  type AccountTokenPurpose,
  type AccountTokenRow,
} from './account-tokens.queries.ts';

/**
 * Single-use tokens sent to a person (a verification link, a reset link, a sign-in's second-factor
 * challenge). Only the SHA-256 of the token is stored; the raw token exists only in what is sent.
 */
export type IssueAccountToken = {
  purpose: AccountTokenPurpose;
  accountId: string | null;
  email: string;
  ttlMs: number;
  payload?: Record<string, unknown>;
};

/** Stores a new token's hash and answers the raw token (to put in a link or a response). */
export async function issueAccountToken(
  db: Database,
  now: Date,
  token: IssueAccountToken,
): Promise<string> {
  const raw = generateToken();
  await insertAccountToken(db, {
    purpose: token.purpose,
    accountId: token.accountId,
    email: token.email,
    tokenHash: hashToken(raw),
    payload: token.payload ?? null,
    expiresAt: new Date(now.getTime() + token.ttlMs),
  });
  return raw;
}

/**
 * Stores a token to be mailed and answers its row id for the mail job: the row holds a hash nobody
 * holds until the job (linkMailHandler with findLiveAccountToken / storeAccountTokenHash) makes the
 * token at sending time, so the raw token never sits in the jobs table.
 */
export async function issueMailedAccountToken(
  db: Database,
  now: Date,
  token: IssueAccountToken,
): Promise<string> {
  return insertAccountToken(db, {
    purpose: token.purpose,
    accountId: token.accountId,
    email: token.email,
    tokenHash: voidTokenHash(),
    payload: token.payload ?? null,
    expiresAt: new Date(now.getTime() + token.ttlMs),
  });
}

/** Spends a raw token once: its row when it was live for `purpose`, else null (unknown, used, expired). */
export async function spendToken(
  db: Database,
  purpose: AccountTokenPurpose,
  raw: string,
  now: Date,
): Promise<AccountTokenRow | null> {
  return spendAccountToken(db, purpose, hashToken(raw), now);
}

/**
 * The mail job of one kind of account-token link (a confirmation, a reset): the one link-mail job,
 * reading and storing the token on its account_tokens row. Account tokens keep no delivery status:
 * a link nobody received is simply asked for again.
 */
export function accountTokenMailHandler(
  deps: AppDeps & { mailer: Mailer },
  link: { path: string; compose: (token: AccountTokenRow, link: string) => OutgoingMail },
): JobHandler<{ tokenId: string }> {
  const { db } = deps;
  return linkMailHandler(
    { mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL },
    {
      idOf: (job) => job.payload.tokenId,
      findSendable: (id) => findLiveAccountToken(db, id, deps.clock()),
      storeTokenHash: (id, tokenHash) => storeAccountTokenHash(db, id, tokenHash),
      setMailStatus: async () => {},
      path: link.path,
      compose: async (token, url) => link.compose(token, url),
    },
  );
}
