import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { servedOverHttps } from '../lib/https.ts';

/**
 * Stripe.js's own origins (docs.stripe.com/security/guide#content-security-policy): its script,
 * the card and address fields it frames (and 3-D Secure through hooks), and its API.
 */
const STRIPE_JS = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that runs only our
 * own scripts (no inline script, no eval) and forbids framing, nosniff, no referrer, HSTS when the
 * public URL is https; and `Cache-Control: no-store` on API answers, which carry people's data and
 * tokens, so no browser or proxy keeps a copy. With `stripe` (a publishable key is set) the policy
 * also lets Stripe.js in; without it no outside origin is allowed.
 */
export const securityHeadersPlugin = fp<{ publicUrl: string; stripe: boolean }>(
  async (app, options) => {
    const https = servedOverHttps(options.publicUrl);
    const stripe = options.stripe;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(stripe ? STRIPE_JS.scriptSrc : [])],
          // Without Stripe, frames fall back to default-src 'self'.
          ...(stripe ? { frameSrc: ["'self'", ...STRIPE_JS.frameSrc] } : {}),
          // Mantine sets its CSS variables in a <style> element and positions with style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The favicon is an inline SVG.
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(stripe ? STRIPE_JS.connectSrc : [])],
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
  },
);
