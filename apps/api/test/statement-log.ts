import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../src/db/client.ts';

/** What both drivers' clients (a node-postgres Pool, a PGlite instance) offer Drizzle. */
type DriverClient = { query: (statement: unknown, ...rest: unknown[]) => Promise<unknown> };

export type StatementLog = {
  /** Runs `work` and answers the SQL of every statement the driver was sent on its behalf. */
  during: (work: () => Promise<unknown>) => Promise<string[]>;
};

/**
 * Records the statements the database driver receives, at the driver: the client's own `query`
 * (what Drizzle calls for every statement outside a transaction) is wrapped, so the app's code
 * runs unchanged. Only statements sent from within `during` are recorded (an AsyncLocalStorage
 * follows the work across awaits), so the job worker's polling never counts.
 */
export function logStatements(db: Database): StatementLog {
  const client = (db as unknown as { $client: DriverClient }).$client;
  const recording = new AsyncLocalStorage<string[]>();
  const query = client.query.bind(client);
  client.query = (statement, ...rest) => {
    recording
      .getStore()
      ?.push(typeof statement === 'string' ? statement : (statement as { text: string }).text);
    return query(statement, ...rest);
  };
  return {
    async during(work) {
      const statements: string[] = [];
      await recording.run(statements, work);
      return statements;
    },
  };
}
