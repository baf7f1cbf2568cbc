import { EMAIL_TAKEN_MESSAGE } from '@resonant/contracts/auth';
import type { UpdateProfileBody } from '@resonant/contracts/profile';
import {
  SOCIAL_SIGN_UP_EXPIRED_MESSAGE,
  socialErrorMessage,
  type PendingSocialSignUp,
} from '@resonant/contracts/social-sign-in';
import { audit } from '../../kernel/audit.ts';
import { hashToken } from '../../lib/crypto.ts';
import { conflict, HttpError, unauthorized } from '../../lib/http-error.ts';
import type { Database } from '../../db/client.ts';
import {
  findAccountByEmail,
  insertAccount,
  releaseUnprovenEmail,
} from '../../kernel/accounts.queries.ts';
import type { ClientInfo } from '../../kernel/client-info.ts';
import { openSessionOrChallenge, type FirstFactorOutcome } from '../../kernel/second-factor.ts';
import { startSession, type IssuedSession } from '../../kernel/sessions.ts';
import { loadAccountEmail } from '../../kernel/current-user.queries.ts';
import { linkIdentity } from './link-identity.ts';
import type { OidcClient } from './oidc-clients.ts';
import {
  findIdentity,
  findPending,
  insertIdentity,
  takePending,
  type Pending,
} from './social-sign-in.queries.ts';
import type { SocialDeps } from './social-sign-in.service.ts';

/*
 * The pending sign-up of an identity no account holds yet, reached through its httpOnly cookie:
 * read it to prefill 'Almost there!', make its account, or link it to the account whose email the
 * provider verified, by that account's password.
 */

/** The live pending sign-up of the cookie, or 401 SOCIAL_SIGN_UP_EXPIRED_MESSAGE. */
async function livePending(
  deps: SocialDeps,
  token: string | undefined,
): Promise<{ pending: Pending; oidc: OidcClient }> {
  const pending = token ? await findPending(deps.db, hashToken(token), deps.clock()) : null;
  const oidc = pending && deps.oidc.find(pending.provider);
  if (!pending || !oidc) throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
  return { pending, oidc };
}

/**
 * What the pending identity leads to: linking to the account whose email the provider verified,
 * an email some account holds (sign in and link instead), or a new account.
 */
async function nextStep(
  deps: SocialDeps,
  pending: Pending,
  oidc: OidcClient,
): Promise<PendingSocialSignUp['next']> {
  if (pending.linkAccountId) return 'link';
  const holder = pending.email ? await findAccountByEmail(deps.db, pending.email) : null;
  // An unproven account does not keep an address its proven owner signs up with.
  if (holder && (holder.emailVerifiedAt || !provenByProvider(pending, oidc))) return 'email-taken';
  return 'sign-up';
}

/**
 * The provider says it verified the email (the development provider never counts: anyone types
 * any address there): the social sign-up then holds it as proven, as our own link would.
 */
function provenByProvider(pending: Pending, oidc: OidcClient): boolean {
  return pending.emailVerified && !oidc.setting.development;
}

/** GET /api/auth/social/pending: the identity waiting for its account, to prefill the form. */
export async function readPending(
  deps: SocialDeps,
  token: string | undefined,
): Promise<PendingSocialSignUp> {
  const { pending, oidc } = await livePending(deps, token);
  return {
    provider: oidc.provider,
    next: await nextStep(deps, pending, oidc),
    email: pending.email,
    firstName: pending.claims.firstName ?? '',
    lastName: pending.claims.lastName ?? '',
    gender: pending.claims.gender,
    birthDate: pending.claims.birthDate,
    redirectTo: pending.redirectTo,
  };
}

/**
 * What the social sign-up led to: a new account (201), or the one of its identity (200), whose
 * second factor is then asked when it has one.
 */
export type SocialSignUp = { outcome: FirstFactorOutcome; created: boolean };

/**
 * The pending identity is held by an account already: another browser made its account (or
 * linked it) first. The provider vouched for this person, as a sign-in with it would, so this
 * browser signs in to that account; the pending row is used up.
 */
async function signInHolder(
  deps: SocialDeps,
  pending: Pending,
  client: ClientInfo,
): Promise<SocialSignUp | null> {
  const held = await findIdentity(deps.db, pending.issuer, pending.subject);
  if (!held) return null;
  if (!(await deps.db.transaction((tx) => takePending(tx, pending.id)))) {
    throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
  }
  const details = { method: 'social', provider: pending.provider };
  return {
    outcome: await openSessionOrChallenge(deps, held.accountId, client, details),
    created: false,
  };
}

/**
 * POST /api/user/profile, the social sign-up: the account (no password) and its identity in one
 * transaction that also takes the pending row, then a session as any sign-in. When another
 * browser made the identity's account first, a sign-in to it.
 */
export async function completeSocialSignUp(
  deps: SocialDeps,
  token: string | undefined,
  input: UpdateProfileBody,
  client: ClientInfo,
): Promise<SocialSignUp> {
  const { pending, oidc } = await livePending(deps, token);
  const holder = await signInHolder(deps, pending, client);
  if (holder) return holder;
  if ((await nextStep(deps, pending, oidc)) !== 'sign-up' || !pending.email) {
    throw conflict(EMAIL_TAKEN_MESSAGE);
  }
  try {
    const session = await createSocialAccount(deps, pending, oidc, input, client);
    return { outcome: { kind: 'session', session }, created: true };
  } catch (error) {
    // The other browser got there at the same moment: its account holds the identity now.
    if (!(error instanceof HttpError)) throw error;
    const late = await signInHolder(deps, pending, client);
    if (late) return late;
    throw error;
  }
}

/** Takes the address from the unproven account holding it, for its proven owner. */
async function releaseEmail(tx: Database, email: string, client: ClientInfo, now: Date) {
  const released = await releaseUnprovenEmail(tx, email, now);
  if (!released) return;
  await audit(
    tx,
    { orgId: null, accountId: released, ip: client.ip },
    'account.email-released',
    released,
  );
}

/**
 * The account of the pending identity, made with it in one transaction, and its session. The
 * email is proven when the provider verified it (and then an unproven holder loses it); otherwise
 * the account is unproven and confirms it by our link (the banner's "Send me the link").
 */
async function createSocialAccount(
  deps: SocialDeps,
  pending: Pending,
  oidc: OidcClient,
  input: UpdateProfileBody,
  client: ClientInfo,
): Promise<IssuedSession> {
  const email = pending.email!;
  const proven = provenByProvider(pending, oidc);
  const accountId = await deps.db.transaction(async (tx) => {
    if (!(await takePending(tx, pending.id))) throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
    const now = deps.clock();
    if (proven) await releaseEmail(tx, email, client, now);
    const created = await insertAccount(tx, {
      email,
      passwordHash: null,
      ...input,
      emailVerifiedAt: proven ? now : null,
    });
    if (!created) throw conflict(EMAIL_TAKEN_MESSAGE);
    const identity = await insertIdentity(tx, {
      accountId: created,
      provider: oidc.setting.id,
      issuer: pending.issuer,
      subject: pending.subject,
      email,
    });
    // Another browser made this identity's account first (its sign-in follows, above).
    if (!identity) throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
    await audit(
      tx,
      { orgId: null, accountId: created, ip: client.ip },
      'account.sign-up',
      created,
      { provider: oidc.setting.id },
    );
    if (proven) {
      const actor = { orgId: null, accountId: created, ip: client.ip };
      await audit(tx, actor, 'account.email-verified', created, { provider: oidc.setting.id });
    }
    return created;
  });
  return startSession(deps, accountId, client);
}

/**
 * POST /api/auth/social/link: the password of the account whose email the provider verified
 * proves it (the sign-in limits apply, as to any password); then the identity is linked and the
 * account signed in (its second factor asked when it has one). A wrong password keeps the
 * pending sign-up.
 */
export async function linkWithPassword(
  deps: SocialDeps,
  token: string | undefined,
  password: string,
  client: ClientInfo,
): Promise<FirstFactorOutcome> {
  const { pending, oidc } = await livePending(deps, token);
  if (!pending.linkAccountId) throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
  const email = await loadAccountEmail(deps.db, pending.linkAccountId);
  const accountId = await deps.checkPassword(email, password, client.ip);
  const provider = oidc.setting.id;
  await deps.db.transaction(async (tx) => {
    if (!(await takePending(tx, pending.id))) throw unauthorized(SOCIAL_SIGN_UP_EXPIRED_MESSAGE);
    const { issuer, subject, email: identityEmail } = pending;
    const outcome = await linkIdentity(
      tx,
      { accountId, provider, issuer, subject, email: identityEmail },
      client.ip,
    );
    if (outcome !== 'linked') throw conflict(socialErrorMessage(outcome, oidc.setting.label));
  });
  const details = { method: 'password', linkedProvider: provider };
  return openSessionOrChallenge(deps, accountId, client, details);
}
