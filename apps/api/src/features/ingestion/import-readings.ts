import { createHash } from 'node:crypto';
import type { ImportFileResult, ReadingKind } from '@resonant/contracts/readings';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import type { OrgScope } from '../../kernel/scope.ts';
import { ingestBatch, type IngestDeps } from './ingest-batch.ts';
import { readingsKind } from './readings-kind.ts';
import { isRrFileName, parseRrFile, RR_FILE_EXTENSIONS } from './rr-input.ts';

export type UploadedFile = { name: string; content: Buffer };

/**
 * Stores one reading per uploaded file, all in one batch through ingestBatch: a file that
 * cannot be read or stored is reported as `failed` with the reason and the others go on. The
 * clientId is a hash of the file's RR series, so uploading the same recording again (or twice in
 * one upload) reports `duplicate`.
 */
export async function importReadings(
  deps: IngestDeps,
  scope: OrgScope,
  files: readonly UploadedFile[],
  options: { takenAt: Date; kind: ReadingKind },
  now: Date,
): Promise<ImportFileResult[]> {
  const prepared: ({ file: string; reading: object } | { file: string; refusal: string })[] = [];
  for (const file of files) {
    try {
      if (!isRrFileName(file.name)) {
        throw badRequest(
          `Unsupported file type: upload ${RR_FILE_EXTENSIONS.join(', ')} files with RR intervals`,
        );
      }
      const rr = await parseRrFile(file.content);
      const clientId = `import-${createHash('sha256').update(rr.join('\n')).digest('hex')}`;
      const takenAt = options.takenAt.toISOString();
      prepared.push({ file: file.name, reading: { clientId, takenAt, kind: options.kind, rr } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      prepared.push({ file: file.name, refusal: error.message });
    }
  }
  const readings = prepared.flatMap((entry) => ('reading' in entry ? [entry.reading] : []));
  const outcomes = (await ingestBatch(readingsKind, deps, scope, readings, now)).values();
  return prepared.map(({ file, ...entry }): ImportFileResult => {
    if ('refusal' in entry) return { file, status: 'failed', message: entry.refusal };
    const outcome = outcomes.next().value!;
    return outcome.status === 'failed'
      ? { file, status: 'failed', message: outcome.message }
      : { file, status: outcome.status, reading: outcome.recording };
  });
}
