import { createHash } from 'node:crypto';
import type { ImportFileResult, ReadingKind } from '@resonant/contracts/readings';
import type { Database } from '../../db/client.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import type { OrgScope } from '../../auth/scope.ts';
import { ingestReading } from './ingest-reading.ts';
import { isRrFileName, parseRrFile, RR_FILE_EXTENSIONS } from './rr-input.ts';

export type UploadedFile = { name: string; content: Buffer };

/**
 * Stores one reading per uploaded file through ingestReading, each on its own: a file that cannot
 * be read or stored is reported as `failed` with the reason and the others go on. The clientId is
 * a hash of the file's RR series, so uploading the same recording again reports `duplicate`.
 */
export async function importReadings(
  db: Database,
  scope: OrgScope,
  files: readonly UploadedFile[],
  options: { takenAt: Date; kind: ReadingKind },
  now: Date,
): Promise<ImportFileResult[]> {
  const results: ImportFileResult[] = [];
  for (const file of files) {
    try {
      if (!isRrFileName(file.name)) {
        throw badRequest(
          `Unsupported file type: upload ${RR_FILE_EXTENSIONS.join(', ')} files with RR intervals`,
        );
      }
      const rr = await parseRrFile(file.content);
      const clientId = `import-${createHash('sha256').update(rr.join('\n')).digest('hex')}`;
      const outcome = await ingestReading(
        db,
        scope,
        { clientId, takenAt: options.takenAt, kind: options.kind, rr },
        now,
      );
      results.push({ file: file.name, status: outcome.status, reading: outcome.reading });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ file: file.name, status: 'failed', message: error.message });
    }
  }
  return results;
}
