import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../../lib/crypto.ts';
import { clearSiteCookie, readSiteCookie, siteCookie } from '../../lib/https.ts';

/**
 * Each round trip binds itself to the browser that started it with a random value the server
 * makes at the start (never one the request brings: a value someone chose, or planted in the
 * browser, would bind nothing), kept in an httpOnly cookie while the attempt keeps its hash, so a
 * callback replayed into another browser (login CSRF) is refused. The cookie is named after the
 * attempt's state, so round trips started in two tabs both come back. SameSite=Lax: the
 * provider's redirect back is a top-level navigation from another site. Path /api over http: both
 * starts (sign-in under /api/auth/oidc, link under /api/user/sign-in-methods) and the callback see
 * it; `/` with the `__Host-` prefix over https.
 */
const BINDING_COOKIE = 'resonant_oidc';
/** How long a round trip may take, from the button to the callback. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

/** The pending sign-up of an unknown identity ('Almost there!'), read by the pending routes. */
const PENDING_COOKIE = 'resonant_social_sign_up';
export const PENDING_TTL_MS = 30 * 60_000;

/** The binding cookie of the round trip of `state`: a short digest of the state names it. */
export function bindingCookie(state: string, publicUrl: string) {
  return siteCookie(`${BINDING_COOKIE}_${hashToken(state).slice(0, 16)}`, '/api', publicUrl);
}

const pendingCookie = (publicUrl: string) => siteCookie(PENDING_COOKIE, '/api', publicUrl);

/** A round trip's binding as its start made it: the state it is named by, and its value. */
export type Binding = { state: string; value: string };

/** Sets the binding cookie of the round trip just started. */
export function setBindingCookie(reply: FastifyReply, binding: Binding, publicUrl: string) {
  const cookie = bindingCookie(binding.state, publicUrl);
  reply.setCookie(cookie.name, binding.value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: cookie.path,
    maxAge: ATTEMPT_TTL_MS / 1000,
  });
}

/** The binding this browser holds for the round trip of `state`, if any. */
export function bindingOf(request: FastifyRequest, state: string | undefined, publicUrl: string) {
  return state ? readSiteCookie(request, bindingCookie(state, publicUrl)) : undefined;
}

/** Clears the binding cookie once its callback came back (the attempt is spent either way). */
export function clearBindingCookie(reply: FastifyReply, state: string, publicUrl: string) {
  clearSiteCookie(reply, bindingCookie(state, publicUrl));
}

/** Sets the pending sign-up's cookie; only its hash is stored. */
export function setPendingCookie(reply: FastifyReply, token: string, publicUrl: string) {
  const cookie = pendingCookie(publicUrl);
  reply.setCookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: cookie.path,
    maxAge: PENDING_TTL_MS / 1000,
  });
}

/** The pending sign-up token the request's cookie holds, if any. */
export function pendingTokenOf(request: FastifyRequest, publicUrl: string) {
  return readSiteCookie(request, pendingCookie(publicUrl));
}

/** Clears the pending sign-up's cookie once it made an account or a link. */
export function clearPendingCookie(reply: FastifyReply, publicUrl: string) {
  clearSiteCookie(reply, pendingCookie(publicUrl));
}
