import { CsvError, parse } from 'csv-parse';
import { HttpError } from './http-error.ts';

/** One record of a CSV file and the line it starts on (the first line of the file is 1). */
export type CsvRecord = { cells: string[]; line: number };

export type CsvReadOptions = {
  /** Lines starting with `#` are notes, not records (HRV apps' exports). */
  comments?: boolean;
  /** Spaces around a cell, quoted or not, are dropped. */
  trim?: boolean;
};

/** A file csv-parse cannot read (a quote never closed); the message names the line. */
export class CsvFormatError extends HttpError {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(400, `line ${line}: ${problem}`);
  }
}

const DELIMITERS = [',', ';', '\t'];
const CHUNK_BYTES = 64 * 1024;
const LINE_BREAKS = /\r\n|\r|\n/g;
/**
 * Longer than any line of an export or a list of people: a file with such a line is refused as
 * soon as the parser has read that much of it, before any cell of it reaches a pattern.
 */
const MAX_LINE_CHARS = 10_000;
const PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed (a " is missing)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'Text follows the closing " of a quoted cell',
  CSV_MAX_RECORD_SIZE: `A line is longer than ${MAX_LINE_CHARS.toLocaleString('en')} characters`,
};

/**
 * The delimiter of a file, from its header line: whichever of `,` `;` and tab appears most often
 * outside quotes (spreadsheets export `;` where the decimal mark is a comma). A tie goes to `,`,
 * then `;`; a header without any (one column) is read with `,`.
 */
export function csvDelimiter(headerLine: string): string {
  const counts = new Map(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const delimiter of DELIMITERS) {
    if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  }
  return best;
}

/** The first line with content (and, with `comments`, not a note), from the start of the file. */
function headerLine(content: Buffer, options: CsvReadOptions): string {
  // A byte-order mark is dropped by the decoder; a character cut at the end becomes U+FFFD.
  const head = new TextDecoder().decode(content.subarray(0, CHUNK_BYTES));
  const lines = head.split(LINE_BREAKS).map((line) => line.trim());
  return lines.find((line) => line !== '' && !(options.comments && line.startsWith('#'))) ?? '';
}

function* chunks(content: Buffer) {
  for (let offset = 0; offset < content.length; offset += CHUNK_BYTES) {
    yield content.subarray(offset, offset + CHUNK_BYTES);
  }
}

/**
 * The records of a UTF-8 CSV file, read by csv-parse in 64 KB chunks and handed out one by one, so
 * a large file is never held as one array of rows. One rule for every upload: the delimiter comes
 * from the header line (csvDelimiter); a byte-order mark is ignored; CRLF, LF and lone CR end a
 * record; quoted cells keep delimiters, doubled quotes and line breaks; a `"` inside an unquoted
 * cell is plain text; rows may have any number of cells; blank lines come out as one empty cell;
 * a line is at most MAX_LINE_CHARS long. A file that cannot be read throws CsvFormatError (400) naming the line.
 */
export async function* csvRecords(
  content: Buffer,
  options: CsvReadOptions = {},
): AsyncGenerator<CsvRecord> {
  // Lines taken by the records read so far. csv-parse counts a CRLF inside quotes as two lines,
  // so the line numbers are counted here: each record spans its cells' line breaks plus one.
  let linesRead = 0;
  // Records go here rather than through the stream, so those read before a broken quote still
  // come out before the error.
  const ready: CsvRecord[] = [];
  let failure: unknown = null;
  const parser = parse({
    delimiter: csvDelimiter(headerLine(content, options)),
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: MAX_LINE_CHARS,
    trim: options.trim ?? false,
    comment: options.comments ? '#' : null,
    comment_no_infix: true,
    on_record: (cells: string[], info) => {
      ready.push({ cells, line: 1 + linesRead + info.comment_lines });
      linesRead += 1 + cells.reduce((breaks, cell) => breaks + countLineBreaks(cell), 0);
      return null;
    },
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  for (const chunk of [...chunks(content), null]) {
    await new Promise<void>((resolve) => {
      if (chunk) parser.write(chunk, () => resolve());
      else parser.end(() => resolve());
    });
    yield* ready.splice(0);
    if (failure instanceof CsvError) {
      const line = 1 + linesRead + parser.info.comment_lines;
      throw new CsvFormatError(line, PROBLEMS[failure.code] ?? failure.message);
    }
    if (failure) throw failure;
  }
}

function countLineBreaks(text: string): number {
  return text.match(LINE_BREAKS)?.length ?? 0;
}
