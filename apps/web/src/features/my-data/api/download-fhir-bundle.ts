import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { fileNameFromDisposition, saveBlob } from '../../../lib/save-file.ts';

/** The name used when the server gives none (it always does). */
const FALLBACK_FILE_NAME = 'resonant-fhir.json';

/** Fetches the HL7 FHIR R4 Bundle of the person's readings and saves it. */
async function downloadFhirBundle(): Promise<void> {
  const { blob, disposition } = await apiClient.download('/v1/export/fhir');
  saveBlob(fileNameFromDisposition(disposition) ?? FALLBACK_FILE_NAME, blob);
}

/** GET /api/v1/export/fhir: the person's readings as a FHIR Bundle, saved as a JSON file. */
export function useDownloadFhirBundle() {
  return useMutation({ mutationFn: downloadFhirBundle });
}
