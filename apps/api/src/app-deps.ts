import type { Config } from './config/env.ts';
import type { Database, DatabaseKind } from './db/client.ts';
import type { Clock } from './lib/clock.ts';

/** Everything the HTTP app needs from outside; server.ts and the tests build it. */
export type AppDeps = {
  config: Config;
  db: Database;
  databaseKind: DatabaseKind;
  clock: Clock;
};
