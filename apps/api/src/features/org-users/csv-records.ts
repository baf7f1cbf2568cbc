/** One record of a CSV file and the line it starts on (the header is line 1). */
export type CsvRecord = { cells: string[]; line: number };

const CHUNK_CHARS = 64 * 1024;

/**
 * An incremental RFC 4180 reader: text goes in chunk by chunk, complete records come out, so a
 * large file is never split into one big array of lines. Quoted cells may hold the delimiter,
 * doubled quotes and line breaks; CRLF, LF and lone CR all end a record.
 */
export class CsvReader {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** A `"` was read inside quotes: either an escaped quote or the end of the quoted part. */
  private quoteSeen = false;
  private cellStarted = false;
  private skipLf = false;
  private afterCr = false;
  private line = 1;
  private recordLine = 1;
  private out: CsvRecord[] = [];

  private readonly special: RegExp;
  private readonly quotedSpecial = /["\r\n]/g;

  constructor(private readonly delimiter: string) {
    const escaped = delimiter.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
    this.special = new RegExp(`["\\r\\n${escaped}]`, 'g');
  }

  /** Reads a chunk and returns the records it completed. */
  push(text: string): CsvRecord[] {
    let index = 0;
    while (index < text.length) {
      // Runs of ordinary characters are copied in one slice; only the special ones go one by one.
      const end =
        this.skipLf || this.quoteSeen
          ? index
          : this.runEnd(this.quoted ? this.quotedSpecial : this.special, text, index);
      if (end > index) {
        this.take(text.slice(index, end));
        index = end;
      } else {
        this.read(text[index]!);
        index++;
      }
    }
    const done = this.out;
    this.out = [];
    return done;
  }

  /** Where the ordinary text from `start` ends: at the next character `special` matches. */
  private runEnd(special: RegExp, text: string, start: number): number {
    special.lastIndex = start;
    const match = special.exec(text);
    return match ? match.index : text.length;
  }

  private take(run: string) {
    this.cell += run;
    if (!this.quoted) this.cellStarted = true;
    this.afterCr = false;
  }

  /** Ends the input: the last record, when the file does not end with a line break. */
  end(): CsvRecord[] {
    if (this.cellStarted || this.cells.length > 0 || this.cell !== '') this.endRecord();
    const done = this.out;
    this.out = [];
    return done;
  }

  private read(char: string) {
    if (this.skipLf) {
      this.skipLf = false;
      if (char === '\n') return;
    }
    if (this.quoted) {
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (char === '"') {
          this.cell += '"';
          return;
        }
        this.quoted = false;
        // Falls through: the character after a closing quote is read as unquoted text.
      } else {
        if (char === '"') this.quoteSeen = true;
        else {
          // A line break kept inside quotes still moves the line count (CRLF once).
          if (char === '\r' || (char === '\n' && !this.afterCr)) this.line++;
          this.cell += char;
        }
        this.afterCr = char === '\r';
        return;
      }
    }
    if (char === this.delimiter) {
      this.endCell();
    } else if (char === '\n' || char === '\r') {
      this.endRecord();
      this.line++;
      this.recordLine = this.line;
      if (char === '\r') this.skipLf = true;
    } else if (char === '"' && !this.cellStarted) {
      this.quoted = true;
      this.afterCr = false;
      this.cellStarted = true;
    } else {
      this.cell += char;
      this.cellStarted = true;
    }
  }

  private endCell() {
    this.cells.push(this.cell);
    this.cell = '';
    this.cellStarted = false;
  }

  private endRecord() {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.quoted = false;
    }
    this.endCell();
    this.out.push({ cells: this.cells, line: this.recordLine });
    this.cells = [];
  }
}

/** The delimiter of a CSV file: `,` unless its first line only has `;` or tabs (spreadsheet exports). */
export function detectDelimiter(firstLine: string): string {
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/**
 * The records of a UTF-8 CSV file (a byte-order mark is ignored), decoded and read in 64 KB
 * chunks and handed out one by one.
 */
export function* csvRecords(content: Buffer): Generator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  const firstLineEnd = content.indexOf(0x0a);
  const head = content.subarray(
    0,
    firstLineEnd === -1 ? Math.min(content.length, 4096) : firstLineEnd,
  );
  const reader = new CsvReader(detectDelimiter(new TextDecoder().decode(head)));
  for (let offset = 0; offset < content.length; offset += CHUNK_CHARS) {
    const chunk = content.subarray(offset, offset + CHUNK_CHARS);
    yield* reader.push(decoder.decode(chunk, { stream: true }));
  }
  yield* reader.push(decoder.decode());
  yield* reader.end();
}
