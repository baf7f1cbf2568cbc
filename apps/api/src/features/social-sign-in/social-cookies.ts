import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateToken } from '../../lib/crypto.ts';
import { servedOverHttps } from '../../lib/https.ts';

/**
 * The browser that started a round trip holds this random value (httpOnly); the attempt keeps its
 * hash, so a callback replayed into another browser (login CSRF) is refused. SameSite=Lax: the
 * provider's redirect back is a top-level navigation from another site. Path /api: both starts
 * (sign-in under /api/auth/oidc, link under /api/user/sign-in-methods) and the callback see it.
 */
export const BINDING_COOKIE = 'resonant_oidc';
const BINDING_PATH = '/api';
/** How long a round trip may take, from the button to the callback. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

/** The pending sign-up of an unknown identity ('Almost there!'), read by the pending routes. */
export const PENDING_COOKIE = 'resonant_social_sign_up';
const PENDING_PATH = '/api';
export const PENDING_TTL_MS = 30 * 60_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The binding value of this browser: the one its cookie already holds (so two round trips started
 * in two tabs both come back), else a fresh 256-bit one.
 */
export function bindingOf(request: FastifyRequest): string {
  const held = request.cookies[BINDING_COOKIE];
  return held && TOKEN.test(held) ? held : generateToken();
}

/** Sets (or renews) the binding cookie for the round trip just started. */
export function setBindingCookie(reply: FastifyReply, binding: string, publicUrl: string) {
  reply.setCookie(BINDING_COOKIE, binding, {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(publicUrl),
    path: BINDING_PATH,
    maxAge: ATTEMPT_TTL_MS / 1000,
  });
}

/** Sets the pending sign-up's cookie; only its hash is stored. */
export function setPendingCookie(reply: FastifyReply, token: string, publicUrl: string) {
  reply.setCookie(PENDING_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(publicUrl),
    path: PENDING_PATH,
    maxAge: PENDING_TTL_MS / 1000,
  });
}

/** Clears the pending sign-up's cookie once it made an account or a link. */
export function clearPendingCookie(reply: FastifyReply) {
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
}
