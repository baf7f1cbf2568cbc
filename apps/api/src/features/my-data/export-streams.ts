import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ZipFile } from 'yazl';

/**
 * The stream building blocks of the export: a JSON array, a CSV file and a ZIP archive, each
 * produced as the client reads it (backpressure all the way to the database pages), so memory
 * holds one page of rows whatever the length of the history.
 */

/** A JSON array of the items, one page per chunk, a line per item. */
export function jsonArray(pages: AsyncIterable<readonly unknown[]>): Readable {
  async function* text(): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const items of pages) {
      if (items.length === 0) continue;
      yield (first ? '\n' : ',\n') + items.map((item) => JSON.stringify(item)).join(',\n');
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * A CSV file of the records with a header line, a UTF-8 BOM (spreadsheets then read UTF-8), and
 * every text cell quoted (a `;` locale cannot split one into a formula).
 */
export function csvFile(
  columns: readonly string[],
  pages: AsyncIterable<readonly Record<string, string | number | boolean | null>[]>,
): Readable {
  async function* records() {
    for await (const page of pages) yield* page;
  }
  const stringifier = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    quoted_string: true,
  });
  pipeline(Readable.from(records()), stringifier, (error) => {
    if (error) stringifier.destroy(error);
  });
  return stringifier;
}

/** One file of an archive: its name and its content, opened only when the archive reaches it. */
export type ArchiveFile = { name: string; open: () => Readable };

/**
 * A ZIP (deflate) of the files in order. yazl opens each file's stream only once the previous
 * one is written, so the database is read one file at a time; an error in any file ends the
 * archive's stream with it (the client sees a cut-off download, never a wrong file).
 */
export function zipArchive(files: readonly ArchiveFile[], mtime: Date): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  for (const file of files) {
    zip.addReadStreamLazy(file.name, { mtime }, (callback) => {
      const content = file.open();
      content.once('error', (error) => output.destroy(error));
      callback(null, content);
    });
  }
  zip.end();
  return output;
}
