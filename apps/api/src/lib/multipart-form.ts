import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';
import { escapeUnstorable, unstorableTextProblem } from './storable-text.ts';

/** One uploaded file, held in memory (the route's @fastify/multipart limits bound its size). */
export type FormFile = { field: string; fileName: string; content: Buffer };

/** A multipart/form-data body: its text fields by name (the last one wins) and its files. */
export type MultipartForm = { fields: Map<string, string>; files: FormFile[] };

/**
 * Reads every part of a multipart request, the one way the upload routes read their forms.
 * - A body busboy cannot parse (no boundary, cut off early, a broken part) answers 400 saying so;
 *   @fastify/multipart's own errors (limits: 413 with a `code`) are passed on for the route to
 *   word.
 * - A text field or file name PostgreSQL cannot store (NUL) answers 400 naming it, as JSON does.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  const files: FormFile[] = [];
  try {
    for await (const part of request.parts()) {
      const field = escapeUnstorable(part.fieldname);
      if (part.type === 'file') {
        refuseUnstorable(`${field}.filename`, part.filename);
        files.push({
          field: part.fieldname,
          fileName: part.filename,
          content: await part.toBuffer(),
        });
      } else {
        const value = String(part.value);
        refuseUnstorable(field, value);
        fields.set(part.fieldname, value);
      }
    }
  } catch (error) {
    // Busboy reports a malformed body with a plain Error; everything else already has a status.
    if (error instanceof Error && !('statusCode' in error)) {
      throw badRequest(`The upload is not valid multipart/form-data (${error.message})`);
    }
    throw error;
  }
  return { fields, files };
}

function refuseUnstorable(field: string, text: string) {
  const problem = unstorableTextProblem(text);
  if (problem) throw badRequest(`${field}: ${problem}`);
}
