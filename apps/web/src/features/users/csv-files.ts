import { IMPORT_COLUMNS, csvLine, type ImportFailure } from '@resonant/contracts/org-users';
import { saveBlob } from '../../lib/save-file.ts';

export const TEMPLATE_FILE_NAME = 'resonant-users-template.csv';
export const FAILED_ROWS_FILE_NAME = 'resonant-import-failed-rows.csv';

/** The import template: the header line and one example user. */
export function templateCsv(): string {
  return [
    csvLine(IMPORT_COLUMNS.map((column) => column.name)),
    csvLine(IMPORT_COLUMNS.map((column) => column.example)),
  ].join('\r\n');
}

/** The failed rows of an import as CSV; every cell goes through csvSafe, so none can run. */
export function failedRowsCsv(failed: readonly ImportFailure[]): string {
  return [
    csvLine(['line', 'username', 'reason']),
    ...failed.map((row) => csvLine([String(row.row), row.email, row.reason])),
  ].join('\r\n');
}

/** Saves text as a .csv download (with a BOM, so spreadsheets read it as UTF-8). */
export function downloadCsv(fileName: string, content: string): void {
  saveBlob(fileName, new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' }));
}
