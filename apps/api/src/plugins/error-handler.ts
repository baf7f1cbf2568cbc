import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { isClientValueError } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';

/** The answer of a database error caused by a value the client sent (a check is missing). */
export const CLIENT_VALUE_ERROR_MESSAGE = 'A value in the request cannot be stored';

/**
 * The one error shape: `{message}` with a fitting status. Validation errors name the field;
 * server faults are logged and answered with a generic message, never a stack trace.
 */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue
        ? field
          ? `${field}: ${issue.message}`
          : issue.message
        : 'Invalid request';
      return reply.status(400).send({ message });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isClientValueError(error)) {
      // A safety net: the cause (a check missing before the database) is logged to be fixed.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({ message: CLIENT_VALUE_ERROR_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: FALLBACK_ERROR_MESSAGE });
    }
    return reply.status(status).send({ message: error.message });
  });
});
