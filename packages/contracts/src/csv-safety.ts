/**
 * CSV injection (OWASP): a cell a spreadsheet opens as a formula. Every CSV the product writes or
 * offers (the users import's failed rows, the report downloads) passes its text cells through
 * csvSafe.
 */

// A cell starting with one of these is read as a formula by spreadsheets.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value safe to put in a CSV a spreadsheet will open: formula-looking text gets a leading
 * `'` so it stays text. Stored values are never changed; this is applied whenever one is echoed.
 */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
