import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app, with every unknown non-API path answered by index.html (client-side
 * routing). Unknown /api paths stay JSON 404s.
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, then restart.');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
});
