import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSiteCookie, readSiteCookie, siteCookie } from '../lib/https.ts';
import type { IssuedSession } from './sessions.ts';

/** The refresh cookie's name over http; over https it is `__Host-resonant_refresh` on `/`. */
export const REFRESH_COOKIE = 'resonant_refresh';

/**
 * Over http the cookie goes only to the auth endpoints; over https the `__Host-` prefix needs
 * Path=/, and SameSite=Strict keeps it out of other sites' requests either way.
 */
const refreshCookie = (publicUrl: string) => siteCookie(REFRESH_COOKIE, '/api/auth', publicUrl);

/**
 * Sets the refresh cookie of a session just opened (sign-in, sign-up, social sign-in, refresh):
 * httpOnly and SameSite=Strict; Secure and `__Host-` when PUBLIC_URL is https.
 */
export function setRefreshCookie(reply: FastifyReply, session: IssuedSession, publicUrl: string) {
  const cookie = refreshCookie(publicUrl);
  reply.setCookie(cookie.name, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    path: cookie.path,
    expires: session.refreshExpiresAt,
  });
}

/** The refresh token the request's cookie holds, if any. */
export function readRefreshCookie(request: FastifyRequest, publicUrl: string) {
  return readSiteCookie(request, refreshCookie(publicUrl));
}

/** Answers with a session: its body with `status`, and its refresh cookie. */
export function sendSession(
  reply: FastifyReply,
  session: IssuedSession,
  status: number,
  publicUrl: string,
) {
  setRefreshCookie(reply, session, publicUrl);
  return reply.status(status).send(session.body);
}

/** Clears the refresh cookie (signed out, or nothing left to restore). */
export function clearRefreshCookie(reply: FastifyReply, publicUrl: string) {
  clearSiteCookie(reply, refreshCookie(publicUrl));
}
