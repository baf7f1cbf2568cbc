import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../src/db/client.ts';

/** Which engine the integration tests run on: PostgreSQL when TEST_DATABASE_URL is set for this run. */
export type TestBackend =
  { kind: 'pglite'; templateFile: string } | { kind: 'postgresql'; url: string; template: string };

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates one template database per test run: a PGlite data-dir dump, or a PostgreSQL database
 * used as CREATE DATABASE ... TEMPLATE. Returns a cleanup function.
 */
export async function createTemplate(): Promise<{
  backend: TestBackend;
  dispose: () => Promise<void>;
}> {
  const url =
    process.env.TEST_DB_BACKEND === 'postgresql' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const template = `resonant_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const connection = await openDatabase({
      databaseUrl: withDatabase(url, template),
      poolSize: 1,
    });
    await connection.migrate();
    await connection.close();
    return {
      backend: { kind: 'postgresql', url, template },
      dispose: async () => {
        await admin.query(`drop database if exists ${template}`);
        await admin.end();
      },
    };
  }
  const connection = await openDatabase({ memory: true });
  await connection.migrate();
  if (!connection.dump) throw new Error('PGlite connection cannot dump its data dir');
  const dump = await connection.dump();
  await connection.close();
  const templateFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-template-')),
    'pglite.tar',
  );
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  return {
    backend: { kind: 'pglite', templateFile },
    dispose: async () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true }),
  };
}

/** A fresh database cloned from the template, for one test file. */
export async function cloneTemplate(backend: TestBackend): Promise<DatabaseConnection> {
  if (backend.kind === 'pglite') {
    return openDatabase({
      memory: true,
      loadDataDir: new Blob([fs.readFileSync(backend.templateFile)]),
    });
  }
  const name = `resonant_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: backend.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${backend.template}`);
  const connection = await openDatabase({
    databaseUrl: withDatabase(backend.url, name),
    poolSize: 4,
  });
  return {
    ...connection,
    close: async () => {
      await connection.close();
      // pg's pool.end() resolves before its sockets are closed; a forced drop would then kill a
      // closing connection, which surfaces as an unhandled pool error. Wait for them to go first.
      for (let wait = 0; wait < 50; wait++) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
