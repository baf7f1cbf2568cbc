import { unlinkRefusal } from '@resonant/contracts/sign-in-methods-policies';
import {
  IDENTITY_NOT_FOUND_MESSAGE,
  socialErrorMessage,
  type LinkProviderBody,
  type SignInMethodsResponse,
} from '@resonant/contracts/social-sign-in';
import type { z } from 'zod';
import { audit } from '../../kernel/audit.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { TenantScope } from '../../kernel/scope.ts';
import {
  deleteOwnIdentity,
  holdsProvider,
  loadSignInMethods,
  lockSignInMethods,
} from './sign-in-methods.queries.ts';
import {
  providerOf,
  startRoundTrip,
  type SocialDeps,
  type StartedRoundTrip,
} from './social-sign-in.service.ts';

/** The caller's password and linked identities, and every provider of this server. */
export async function listSignInMethods(
  deps: SocialDeps,
  scope: TenantScope,
): Promise<SignInMethodsResponse> {
  const { hasPassword, identities } = await loadSignInMethods(deps.db, scope.accountId);
  return {
    has_password: hasPassword,
    identities: identities.map((identity) => ({
      id: identity.id,
      provider: identity.provider,
      // A provider no longer configured is still shown (and can be removed), by its id.
      label: deps.oidc.find(identity.provider)?.setting.label ?? identity.provider,
      email: identity.email,
      linked_at: identity.createdAt.toISOString(),
    })),
    providers: deps.oidc.providers,
  };
}

/** Starts a round trip that adds a provider to the caller's account; 409 when one is linked. */
export async function startLink(
  deps: SocialDeps,
  scope: TenantScope,
  input: z.output<typeof LinkProviderBody>,
): Promise<StartedRoundTrip> {
  const client = providerOf(deps, input.provider);
  if (await holdsProvider(deps.db, scope.accountId, client.setting.id)) {
    throw conflict(socialErrorMessage('already-linked', client.setting.label));
  }
  return startRoundTrip(deps, client.setting.id, {
    purpose: 'link',
    accountId: scope.accountId,
    returnTo: input.returnTo,
  });
}

/**
 * Removes one of the caller's identities: 404 for anyone else's, 409 when what would remain could
 * not sign in (contracts' unlinkRefusal), counted under a lock of the account row.
 */
export async function unlinkIdentity(
  deps: SocialDeps,
  scope: TenantScope,
  identityId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockSignInMethods(tx, scope.accountId);
    const removed = await deleteOwnIdentity(tx, scope.accountId, identityId);
    if (!removed) throw notFound(IDENTITY_NOT_FOUND_MESSAGE);
    const isConfigured = (providerId: string) => Boolean(deps.oidc.find(providerId));
    const refusal = unlinkRefusal({ ...before, isConfigured }, identityId);
    if (refusal) throw conflict(refusal);
    await audit(tx, { ...scope, orgId: null }, 'account.identity-unlink', scope.accountId, {
      provider: removed.provider,
    });
  });
}
