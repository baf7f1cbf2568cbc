import { csvRecords, type CsvRecord } from '../../lib/csv-records.ts';
import { badRequest } from '../../lib/http-error.ts';
import { rrSeriesProblem } from '../../lib/recording-input.ts';

/** File name endings the import reads; any other file is refused without being parsed. */
export const RR_FILE_EXTENSIONS = ['.txt', '.csv', '.tsv'];

// Header names of an RR column as HRV apps export them, once units and punctuation are removed:
// RR, rr, RR (ms), rr_ms, RRI, RR-interval [ms], NN, IBI, Interval, Inter-beat interval ...
const RR_COLUMN =
  /^(rr|rri|rrs|nn|nni|ibi|ibis|interval|intervals|rrinterval|rrintervals|nninterval|nnintervals|interbeatinterval|interbeatintervals)$/;
const MS_UNITS = new Set(['ms', 'msec', 'msecs', 'millisecond', 'milliseconds']);
const S_UNITS = new Set(['s', 'sec', 'secs', 'second', 'seconds']);
// Each character has one place in the pattern (digits, then at most one point and its digits), so
// a test is linear in the cell's length: `\d+\.?\d*` could split a run of digits every way.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Longer than any interval written out in full (`1234.5678901234567e-3`): not a number. */
const NUMBER_MAX_LENGTH = 40;
/** Below this every value of a file without a unit is read as seconds (0.85 -> 850 ms). */
const SECONDS_BELOW = 10;

type Unit = 'ms' | 's' | null;

/**
 * One recording read from an uploaded file, in ms, checked like a JSON series (problems name the
 * file's line). Two layouts:
 * - plain text: one RR interval per line; `#` comments and blank lines are ignored;
 * - CSV (`,` `;` or tab separated, read by lib/csv-records.ts) whose header names an RR column — RR, RR (ms), rr_ms, RRI, IBI,
 *   Interval, ... matched case-insensitively; other columns are ignored, as are rows with an empty
 *   RR cell.
 * Values are milliseconds unless the header says seconds (`RR (s)`); without a unit, a file whose
 * every value is below 10 is read as seconds.
 */
export async function parseRrFile(content: Buffer): Promise<number[]> {
  if (content.includes(0)) throw badRequest('Not a text file');
  const records: CsvRecord[] = [];
  for await (const record of csvRecords(content, { comments: true, trim: true })) {
    if (record.cells.some((cell) => cell !== '')) records.push(record);
  }
  const [first] = records;
  if (!first) throw badRequest('The file has no RR intervals');

  const hasHeader = first.cells.some((cell) => /[a-z]/i.test(cell) && !isNumber(cell));
  const { values, lineNumbers, unit } = hasHeader ? readColumn(records) : readPlain(records);
  if (values.length === 0) throw badRequest('The file has no RR intervals');

  const seconds = unit === 's' || (unit === null && values.every((v) => v < SECONDS_BELOW));
  const rr = seconds ? values.map((value) => Math.round(value * 1e9) / 1e6) : values;
  const problem = rrSeriesProblem(rr, 'file', (index) => `line ${lineNumbers[index]}`);
  if (problem) throw badRequest(problem);
  return rr;
}

/** Whether a file name has an ending the import reads. */
export function isRrFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return RR_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

function readPlain(records: CsvRecord[]) {
  const values: number[] = [];
  const lineNumbers: number[] = [];
  for (const record of records) {
    const cells = record.cells.filter((cell) => cell !== '');
    if (cells.length !== 1) {
      throw badRequest(
        `line ${record.line}: Expected one RR interval per line, or a CSV header naming the RR column`,
      );
    }
    values.push(parseCell(cells[0] ?? '', record.line));
    lineNumbers.push(record.line);
  }
  return { values, lineNumbers, unit: null as Unit };
}

function readColumn([header, ...rows]: CsvRecord[]) {
  const columns = header!.cells.map(describeColumn);
  const index = columns.findIndex((column) => column.isRr);
  if (index < 0) {
    throw badRequest(
      `No RR column: the header needs a column named like RR, RR (ms), RRI, IBI or Interval ` +
        `(found ${header!.cells.map((cell) => `"${cell.slice(0, 40)}"`).join(', ')})`,
    );
  }
  const values: number[] = [];
  const lineNumbers: number[] = [];
  for (const row of rows) {
    const cell = row.cells[index] ?? '';
    if (cell === '') continue;
    values.push(parseCell(cell, row.line));
    lineNumbers.push(row.line);
  }
  return { values, lineNumbers, unit: columns[index]?.unit ?? null };
}

/** Whether a header cell names the RR column, and the unit it gives (`RR (s)`, `rr_ms`). */
function describeColumn(name: string): { isRr: boolean; unit: Unit } {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1) ?? '';
  const unit: Unit = MS_UNITS.has(last) ? 'ms' : S_UNITS.has(last) && words.length > 1 ? 's' : null;
  const base = (unit ? words.slice(0, -1) : words).join('');
  return { isRr: RR_COLUMN.test(base), unit };
}

function parseCell(cell: string, lineNumber: number): number {
  // A comma left inside a cell is a decimal comma (a `;` or tab export, or a quoted cell).
  const normalised = cell.replace(',', '.');
  if (!isNumber(normalised)) {
    throw badRequest(`line ${lineNumber}: "${cell.slice(0, 40)}" is not a number`);
  }
  return Number(normalised);
}

function isNumber(text: string): boolean {
  return text.length <= NUMBER_MAX_LENGTH && NUMBER.test(text);
}
