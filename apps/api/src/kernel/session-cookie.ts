import type { FastifyReply } from 'fastify';
import { servedOverHttps } from '../lib/https.ts';
import type { IssuedSession } from './sessions.ts';

export const REFRESH_COOKIE = 'resonant_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Sets the refresh cookie of a session just opened (sign-in, sign-up, social sign-in, refresh):
 * httpOnly and SameSite=Strict, sent only to the auth endpoints, Secure when PUBLIC_URL is https.
 */
export function setRefreshCookie(reply: FastifyReply, session: IssuedSession, publicUrl: string) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: servedOverHttps(publicUrl),
    path: REFRESH_COOKIE_PATH,
    expires: session.refreshExpiresAt,
  });
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
export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}
