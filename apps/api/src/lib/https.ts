import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the site is served over https (its PUBLIC_URL): cookies are Secure then, and HSTS is sent. */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/** A cookie of this site as it is named, scoped and flagged for the PUBLIC_URL it is served at. */
export type SiteCookie = { name: string; path: string; secure: boolean };

/**
 * A cookie of this site. Over https its name carries the `__Host-` prefix, which a browser accepts
 * only with Secure, Path=/ and no Domain: no sibling subdomain and no plain-http page can plant or
 * shadow it. Over http (a development machine) it keeps its plain name on `localPath`.
 */
export function siteCookie(name: string, localPath: string, publicUrl: string): SiteCookie {
  return servedOverHttps(publicUrl)
    ? { name: `__Host-${name}`, path: '/', secure: true }
    : { name, path: localPath, secure: false };
}

/** The value a request's cookie holds, if any. */
export function readSiteCookie(request: FastifyRequest, cookie: SiteCookie): string | undefined {
  return request.cookies[cookie.name];
}

/**
 * Clears a cookie. The attributes go along: a browser ignores a `__Host-` cookie's clearing that
 * is not Secure on Path=/.
 */
export function clearSiteCookie(reply: FastifyReply, cookie: SiteCookie) {
  reply.clearCookie(cookie.name, { path: cookie.path, secure: cookie.secure, httpOnly: true });
}
