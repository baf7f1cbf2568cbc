import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { cloneTemplate } from '../../test/template-database.ts';
import type { DatabaseConnection } from './client.ts';

const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '../..');
const schemaDir = path.join(import.meta.dirname, 'schema');
const migrationsDir = path.join(import.meta.dirname, 'migrations');
const drizzleKit = path.resolve(apiRoot, '../../node_modules/.bin/drizzle-kit');

/** Every pgTable exported by the schema modules. */
async function schemaTables(): Promise<PgTable[]> {
  const tables: PgTable[] = [];
  for (const file of fs.readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(path.join(schemaDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.push(value);
  }
  return tables;
}

/** Every file under a folder with its content, by relative path. */
function readTree(dir: string): Record<string, string> {
  const entries = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), fs.readFileSync(file, 'utf8')] as const;
    });
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

describe('schema and migrations', () => {
  it('agree: drizzle-kit generate finds nothing to migrate', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-drift-'));
    try {
      fs.cpSync(migrationsDir, path.join(work, 'migrations'), { recursive: true });
      const before = readTree(path.join(work, 'migrations'));
      // drizzle-kit wants `out` relative to its working directory; stdin closed so a question
      // (e.g. "was this column renamed?") ends the run instead of waiting.
      const generate = run(
        drizzleKit,
        [
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          path.join(schemaDir, '*.ts'),
          '--out',
          'migrations',
        ],
        { cwd: work, timeout: 25_000, env: { ...process.env, NO_COLOR: '1' } },
      );
      generate.child.stdin?.end();
      const { stdout, stderr } = await generate.catch(
        (error: { stdout?: string; stderr?: string; message: string }) => ({
          stdout: error.stdout ?? '',
          stderr: `${error.stderr ?? ''}\n${error.message}`,
        }),
      );
      const output = `${stdout}\n${stderr}`;
      const after = readTree(path.join(work, 'migrations'));
      expect(
        Object.keys(after),
        `The schema changed without a migration: run \`npm run -w @resonant/api db:generate\` ` +
          `and commit the new files.\n${output}`,
      ).toEqual(Object.keys(before));
      expect(after).toEqual(before);
      expect(output).toContain('No schema changes');
      // drizzle-kit really read our schema (a wrong glob would also find "no changes").
      for (const table of await schemaTables()) expect(output).toContain(getTableName(table));
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  describe('the migrated template database', () => {
    let connection: DatabaseConnection;
    beforeAll(async () => {
      connection = await cloneTemplate(inject('testBackend'));
    });
    afterAll(() => connection.close());

    it('has every table and column of the schema', async () => {
      const result = await connection.db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
      );
      const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] })
        .rows;
      const columnsByTable = new Map<string, Set<string>>();
      for (const row of rows) {
        const columns = columnsByTable.get(row.table_name) ?? new Set<string>();
        columns.add(row.column_name);
        columnsByTable.set(row.table_name, columns);
      }

      const tables = await schemaTables();
      expect(tables.length).toBeGreaterThanOrEqual(20);
      for (const table of tables) {
        const name = getTableName(table);
        const columns = columnsByTable.get(name);
        expect(columns, `table ${name}`).toBeDefined();
        for (const column of getTableConfig(table).columns) {
          expect(columns?.has(column.name), `column ${name}.${column.name}`).toBe(true);
        }
      }
    });
  });
});
