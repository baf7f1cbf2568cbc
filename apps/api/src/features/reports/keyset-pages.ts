/**
 * How an oldest-first listing is read a page at a time, whatever its length, in constant memory:
 * the page after a keyset (none for the first page), the keyset after a row, and whether a page
 * is the last (a window of days may hold fewer rows while later ones follow).
 */
export type Keyset<Key, Row> = {
  read: (after: Key | undefined) => Promise<Row[]>;
  keyAfter: (row: Row) => Key;
  isLast: (rows: readonly Row[]) => boolean;
};

/** The pages of an oldest-first listing, each read only when the previous one is consumed. */
export async function* keysetPages<Key, Row>(keyset: Keyset<Key, Row>): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await keyset.read(after);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    if (keyset.isLast(rows)) return;
    after = keyset.keyAfter(last);
  }
}
