import 'dotenv/config';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config/env.ts';
import { openDatabase, type DatabaseConnection } from './db/client.ts';
import { ensureAppAdmin } from './features/auth/app-admin.ts';
import { ensureDemo } from './demo/demo.ts';
import { demoBillingOptions } from './demo/demo-billing.ts';
import { systemClock } from './lib/clock.ts';
import { startBanner } from './start-banner.ts';
import { hasSecondFactor } from './kernel/second-factor.queries.ts';

// Aborted by a stop signal: a start still under way (the demo seed) gives up instead of finishing.
const stopping = new AbortController();
let connection: DatabaseConnection | undefined;
let app: FastifyInstance | undefined;

async function main() {
  const config = loadConfig();
  const starting = start(config);
  // SIGTERM, SIGINT (or a crash): stop taking requests, let those in flight and the running job
  // finish, close the database (releasing the data dir), then exit 0 (1 after a crash); a stop that
  // takes longer than SHUTDOWN_TIMEOUT_MS exits 1 there and then.
  closeWithGrace(
    {
      delay: config.SHUTDOWN_TIMEOUT_MS,
      onTimeout: (delay) =>
        console.error(
          `Resonant did not stop within ${delay} ms (SHUTDOWN_TIMEOUT_MS): exiting without waiting further.`,
        ),
    },
    async ({ signal, err }) => {
      if (err) console.error('Resonant is stopping after an unexpected error:', err);
      else if (signal) console.log(`${signal} received: Resonant is stopping…`);
      stopping.abort();
      await starting.catch(() => {});
      await app?.close();
      await connection?.close();
    },
  );
  await starting;
}

async function start(config: Config) {
  connection = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : {
          dataDir: config.DATA_DIR,
          lock: { onWait: (message) => console.log(message), signal: stopping.signal },
        },
  );
  await connection.migrate();
  const { generatedPassword } = await ensureAppAdmin(
    connection.db,
    config.APP_ADMIN_EMAIL,
    config.APP_ADMIN_PASSWORD,
  );
  const demoSeeded = config.DEMO_DATA && (await seedDemo(connection, config));
  stopping.signal.throwIfAborted();

  app = await buildApp({
    config,
    db: connection.db,
    databaseKind: connection.kind,
    clock: systemClock,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const database = connection.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(
    startBanner(config, {
      database,
      generatedAppAdminPassword: generatedPassword,
      demoSeededNow: demoSeeded,
      onTerminal: process.stdout.isTTY === true,
      appAdminHasSecondFactor: await hasSecondFactor(connection.db, config.APP_ADMIN_EMAIL),
    }),
  );
}

/**
 * The whole demo on the first start (or after one that was interrupted); nothing afterwards.
 * Whether it seeded now.
 */
async function seedDemo(connection: DatabaseConnection, config: Config): Promise<boolean> {
  const begun = performance.now();
  const summary = await ensureDemo(connection.db, {
    password: config.DEMO_PASSWORD,
    billing: demoBillingOptions(config),
    now: systemClock(),
    progress: (message) => console.log(message),
    signal: stopping.signal,
  });
  if (!summary) return false;
  const seconds = ((performance.now() - begun) / 1000).toFixed(1);
  console.log(
    `Demo data: ${summary.readings} readings and ${summary.sessions} sessions for ${summary.members} members in ${seconds} s`,
  );
  return true;
}

main().catch(async (error: unknown) => {
  // A start given up for a stop signal: closeWithGrace closes what was opened and exits.
  if (stopping.signal.aborted) return;
  console.error(error instanceof Error ? error.message : error);
  await connection?.close().catch(() => {});
  process.exit(1);
});
