import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ after a hash of its content: a new content, a new URL. */
const HASHED = 'public, max-age=31536000, immutable';
/** index.html names the hashed files of the current release, so it is revalidated every time. */
const DOCUMENT = 'no-cache';
/** Files copied unhashed from apps/web/public (robots.txt): an hour, then asked again. */
const UNHASHED = 'public, max-age=3600';

/** The cache rule of a file of the build, or of its .br or .gz variant. */
function cacheControlOf(distDir: string, file: string): string {
  const served = path.relative(distDir, file).split(path.sep).join('/');
  if (served.startsWith('assets/')) return HASHED;
  if (served === 'index.html' || served === 'index.html.br' || served === 'index.html.gz') {
    return DOCUMENT;
  }
  return UNHASHED;
}

/**
 * A path whose last segment has a dot names a file (as in connect-history-api-fallback): one that
 * is not in the build, a stale hashed asset or a robots.txt, is a 404, not the app's page.
 */
function namesAFile(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ message: 'Not found' });
}

/**
 * Serves the built web app, with every unknown non-API page path answered by index.html
 * (client-side routing). Unknown /api paths and missing files stay JSON 404s. Each file goes out
 * as the build's brotli or gzip variant when the client accepts one (the build writes them,
 * apps/web/vite.config.ts), with a cache rule by kind: hashed assets forever, index.html
 * revalidated on every load.
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The variants are sent in place of their file, never at URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(distDir, file)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || request.method !== 'GET' || namesAFile(pathname)) return notFound(reply);
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, then restart.');
    }
    return reply.sendFile('index.html');
  });
});
