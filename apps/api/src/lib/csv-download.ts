import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { z } from 'zod';

/**
 * CSV downloads (the reports', the member's own readings): a stream of records written with
 * csv-stringify, and the reply that sends it as a file. Text cells are made formula-safe by the
 * caller with contracts/csv-safety.ts.
 */

/** A download: its file name and the CSV, produced as the client reads it. */
export type CsvDownload = { fileName: string; body: Readable };

type CsvCell = string | number | null;
export type CsvRecord = Record<string, CsvCell>;

/**
 * The records as a CSV stream: the header first, a UTF-8 BOM before it (spreadsheets then read
 * UTF-8), each record pulled from `records` only when the stringifier has room (backpressure).
 * The first record is read before this resolves, so a database error there is a plain JSON
 * error, sent before any CSV header; a later one can only cut the file short.
 *
 * Every text cell is quoted (`quoted_string`): a spreadsheet in a locale whose list separator is
 * `;` splits unquoted cells on it, and `Calm;=cmd|…` would start a formula in the second half.
 */
export async function csvStream(
  columns: readonly string[],
  records: AsyncGenerator<CsvRecord>,
): Promise<Readable> {
  const first = await records.next();
  async function* all(): AsyncGenerator<CsvRecord> {
    if (first.done) return;
    yield first.value;
    yield* records;
  }
  const stringifier = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    quoted_string: true,
  });
  // An error while reading ends the download early; the client sees a cut-off file.
  pipeline(Readable.from(all()), stringifier, () => {});
  return stringifier;
}

/**
 * The 200 of a download in the OpenAPI document: a text/csv body. Fastify sends the stream as it
 * is, so this schema only documents it; errors stay JSON {message}.
 */
export const CsvFile = z.string().meta({
  description: 'The CSV file (UTF-8 with a BOM), streamed.',
  content: { 'text/csv': { schema: { type: 'string' } } },
});

// RFC 6266 / 5987: an ASCII fallback for old clients, the exact name percent-encoded in UTF-8.
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Sends a download as an attachment named by its file name. */
export function sendCsv(reply: FastifyReply, download: CsvDownload) {
  const fallback = download.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(download.fileName)}`,
    )
    .send(download.body);
}
