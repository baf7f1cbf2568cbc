import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/save-file.ts';

/** The name used when the server gives none (it always does). */
const FALLBACK_FILE_NAME = 'resonant-export.zip';

/** Fetches the whole export (a ZIP) through the one API client and saves it. */
async function downloadExport(): Promise<void> {
  const { blob, disposition } = await apiClient.download('/v1/export');
  saveBlob(fileNameFromDisposition(disposition) ?? FALLBACK_FILE_NAME, blob);
}

/** GET /api/v1/export: everything of the signed-in person's own, saved as one ZIP. */
export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
