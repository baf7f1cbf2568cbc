import { apiClient } from './api-client.ts';
import { fileNameFromDisposition, saveBlob } from './save-file.ts';

/** The name used when the server gives none (it always should). */
const FALLBACK_FILE_NAME = 'download.csv';

/**
 * Fetches a CSV download (e.g. `/reports/readings.csv`, `/v1/readings.csv`) through the one API client and saves it
 * under the server's file name. Rejects with the ApiError of a refused request.
 */
export async function downloadCsv(path: string, query: URLSearchParams): Promise<void> {
  const { blob, disposition } = await apiClient.download(`${path}?${query.toString()}`);
  saveBlob(fileNameFromDisposition(disposition) ?? FALLBACK_FILE_NAME, blob);
}
