import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error.ts';
import { findUnstorableText } from '../lib/storable-text.ts';

/**
 * Refuses, before any route's validation, a path parameter, query parameter or JSON body holding
 * text PostgreSQL cannot store (NUL, a lone surrogate), object keys included: 400 naming the
 * field, the way a zod issue does. Multipart forms are checked as they are read
 * (lib/multipart-form.ts).
 */
export const storableTextPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorableText(request.params) ??
      findUnstorableText(request.query) ??
      findUnstorableText(request.body);
    if (found) throw badRequest(`${found.path || 'body'}: ${found.problem}`);
  });
});
