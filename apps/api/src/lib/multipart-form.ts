import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error.ts';
import { escapeUnstorable, unstorableTextProblem } from './storable-text.ts';

/** One uploaded file, held in memory (the route's @fastify/multipart limits bound its size). */
type FormFile = { field: string; fileName: string; content: Buffer };

/** A multipart/form-data body: its text fields by name (the last one wins) and its files. */
export type MultipartForm = { fields: Map<string, string>; files: FormFile[] };

/** How a route words the breaches of its @fastify/multipart limits. */
type UploadLimitAnswers = {
  /** Answered with 413 when a file is over the route's `fileSize`. */
  fileTooLarge: string;
  /** Answered when the form has more files than the route's `files`. */
  tooManyFiles: HttpError;
};

/**
 * Reads every part of a multipart request, the one way the upload routes read their forms.
 * - A request of another content type, or a body busboy cannot parse (no boundary, cut off early,
 *   a broken part), answers 400 saying so.
 * - A file over the route's limits answers as the route words it (`limits`).
 * - A text field or file name PostgreSQL cannot store (NUL) answers 400 naming it, as JSON does.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limits: UploadLimitAnswers,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the upload as multipart/form-data');
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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, limits.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw limits.tooManyFiles;
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
