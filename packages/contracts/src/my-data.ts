/**
 * A person's own data, exported (issue 28 point 7): one ZIP of everything, and the HL7 FHIR R4
 * Bundle alone. The list of files is shared: the archive's README.txt and the web page's "what
 * the download contains" both read it, so they cannot drift apart.
 */

export const EXPORT_ZIP_PATH = '/api/v1/export';
export const EXPORT_FHIR_PATH = '/api/v1/export/fhir';

/** The media type of a FHIR resource in JSON (FHIR R4 §3.1.0.1.2). */
export const FHIR_JSON_MEDIA_TYPE = 'application/fhir+json';

/** The local CodeSystem of the HRV metrics that have no LOINC code (RMSSD, pNN50, LF, HF...). */
export const HRV_METRICS_CODE_SYSTEM = 'https://resonant.app/fhir/CodeSystem/hrv-metrics';

/** One file of the export archive and what it holds, in plain words. */
export type ExportFile = { name: string; description: string };

/** The files of the export archive, in the order they are written. */
export const EXPORT_FILES: readonly ExportFile[] = [
  { name: 'README.txt', description: 'What each file is (this list).' },
  {
    name: 'profile.json',
    description: 'Your profile: name, email, gender, date of birth, and when the export was made.',
  },
  {
    name: 'readings.json',
    description:
      'Every reading, oldest first, with all its metrics, quality, tags, note, device and the ' +
      'raw RR intervals (ms) as recorded.',
  },
  {
    name: 'readings.csv',
    description: 'The same readings as a spreadsheet, one row each, without the RR intervals.',
  },
  {
    name: 'sessions.json',
    description:
      'Every breathing session (biofeedback, mindfulness, self-compassion), oldest first, with ' +
      'its metrics, per-minute results, optimal-zone samples, tags, note and raw RR intervals.',
  },
  {
    name: 'sessions.csv',
    description: 'The same sessions as a spreadsheet, one row each.',
  },
  {
    name: 'fhir-bundle.json',
    description:
      'Your readings as an HL7 FHIR R4 Bundle of Observations, for health records and apps ' +
      'that read FHIR.',
  },
];

/** The archive's file name on a given day (UTC), e.g. resonant-export-2026-12-07.zip. */
export function exportZipFileName(at: Date): string {
  return `resonant-export-${at.toISOString().slice(0, 10)}.zip`;
}

/** The FHIR Bundle's file name on a given day (UTC). */
export function exportFhirFileName(at: Date): string {
  return `resonant-fhir-${at.toISOString().slice(0, 10)}.json`;
}
