import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that runs only our
 * own scripts (no inline script, no eval) and forbids framing, nosniff, no referrer, HSTS when the
 * public URL is https; and `Cache-Control: no-store` on API answers, which carry people's data and
 * tokens, so no browser or proxy keeps a copy.
 */
export const securityHeadersPlugin = fp<{ publicUrl: string }>(async (app, { publicUrl }) => {
  const https = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets its CSS variables in a <style> element and positions with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The favicon is an inline SVG.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only meaningful, and only harmless, when the site itself is served over https.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // For browsers older than frame-ancestors.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
