import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { isClientValueError } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { issueMessage } from '../lib/zod-issues.ts';

/** The answer of a database error caused by a value the client sent (a check is missing). */
export const CLIENT_VALUE_ERROR_MESSAGE = 'A value in the request cannot be stored';

// Errors of Fastify itself and of its plugins (a body that is not JSON, an upload over a limit):
// their 4xx status and message are meant for the client.
const isFastifyError = (error: FastifyError) =>
  typeof error.code === 'string' && error.code.startsWith('FST_');

// http-errors marks the ones it made for the client `expose` (@fastify/static's 412, 416).
const isExposedHttpError = (error: FastifyError) =>
  (error as FastifyError & { expose?: unknown }).expose === true;

/**
 * The one error shape: `{message}` with a fitting status. Only our HttpError, Fastify's own errors
 * and the ones mapped here keep a status of their own: any other error is a server fault, whatever
 * `statusCode` a library gave it (Stripe's 401 would sign the user out), logged and answered 500
 * with a generic message, never a stack trace. A 5xx HttpError (the payment provider failing) is
 * answered with its own message and logged with its cause.
 */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').slice(1),
        message: issue.message ?? '',
      }));
      return reply.status(400).send({ message: issueMessage(issues, 'Invalid request') });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isClientValueError(error)) {
      // A safety net: the cause (a check missing before the database) is logged to be fixed.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({ message: CLIENT_VALUE_ERROR_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && (isFastifyError(error) || isExposedHttpError(error))) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: FALLBACK_ERROR_MESSAGE });
  });
});
