import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgEnumColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

type Insert<T extends PgTable> = T['$inferInsert'];

/**
 * Inserts `rows` into `table` in one statement (or `rowsPerStatement` at a time) with one array
 * parameter per column, which the database unnests into rows: `insert into t (a, b) select * from
 * unnest($1::uuid[], $2::int[])`.
 * A multi-row VALUES has a parameter per value — 36,000 for a batch of 1,000 readings, which
 * drizzle takes 150 ms of the event loop to build and PGlite as long again to serialise and
 * parse — and outgrows PostgreSQL's 65,535 parameters with a batch's session minutes; this stays
 * a few dozen parameters whatever the number of rows. Values go through each column's own mapping
 * to the driver (the RR series' bytea, jsonb, timestamps), as drizzle's insert does; enums travel
 * as text (PGlite has no serialiser for an enum's array). `keys` are the columns given (the others
 * take their defaults); `tail` follows the select (`on conflict …`, `returning …`); the returned
 * rows come as the driver gives them (what `tail` returns is for the caller to map).
 *
 * `rowsPerStatement` splits the rows into several statements, between which a transaction on PGlite
 * lets the event loop run (db/client.ts): PGlite executes a statement on the event loop's thread.
 */
export async function insertUnnested<T extends PgTable, K extends keyof Insert<T> & string>(
  db: Database,
  table: T,
  keys: readonly K[],
  rows: readonly Pick<Insert<T>, K>[],
  { tail = sql``, rowsPerStatement = Infinity }: { tail?: SQL; rowsPerStatement?: number } = {},
): Promise<Record<string, unknown>[]> {
  const returned: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    returned.push(...(await insertStatement(db, table, keys, chunk, tail)));
  }
  return returned;
}

async function insertStatement<T extends PgTable, K extends keyof Insert<T> & string>(
  db: Database,
  table: T,
  keys: readonly K[],
  rows: readonly Pick<Insert<T>, K>[],
  tail: SQL,
): Promise<Record<string, unknown>[]> {
  const columns = getTableColumns(table);
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const arrays = sql.join(
    keys.map((key) => {
      const column = columns[key]!;
      const values = rows.map((row) => {
        const value: unknown = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      const type = column.getSQLType();
      const cast = is(column, PgEnumColumn) ? `text[]::${type}[]` : `${type}[]`;
      return sql`${sql.param(values)}::${sql.raw(cast)}`;
    }),
    sql`, `,
  );
  const result = await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${arrays}) ${tail}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
