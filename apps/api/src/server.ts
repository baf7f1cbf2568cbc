import 'dotenv/config';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { DEV_IDENTITY_PROVIDER_PATH } from './dev/dev-identity-provider-path.ts';
import { loadConfig, type Config } from './config/env.ts';
import { isLoopbackHost } from './config/oidc-env.ts';
import { openDatabase, type DatabaseConnection } from './db/client.ts';
import { ensureAppAdmin } from './features/auth/app-admin.ts';
import { ensureDemo } from './demo/demo.ts';
import { demoBillingOptions } from './demo/demo-billing.ts';
import {
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_ORG_ADMIN_EMAIL,
} from './demo/demo-org.ts';
import { systemClock } from './lib/clock.ts';

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
  const lines = [
    '',
    `Resonant is running at ${config.PUBLIC_URL} (database: ${database})`,
    '',
    `  App admin:    ${config.APP_ADMIN_EMAIL}  ${
      generatedPassword
        ? `password: ${generatedPassword}  (generated now, shown once; set APP_ADMIN_PASSWORD to choose one)`
        : '(password: APP_ADMIN_PASSWORD, or the one printed at first start)'
    }`,
  ];
  if (config.DEMO_DATA) {
    lines.push(
      `  Org admin:    ${DEMO_ORG_ADMIN_EMAIL}`,
      `  Group admin:  ${DEMO_GROUP_ADMIN_EMAIL}`,
      `  Member:       ${DEMO_MEMBER_EMAIL}`,
      `  Demo password (all demo accounts): ${demoPasswordLine(config, demoSeeded)}`,
    );
  }
  lines.push('', `  ${billingModeLine(config)}`, `  ${socialSignInLine(config)}`);
  console.log(`${lines.join('\n')}\n`);
}

/** The demo password: as set (or published), or a generated one the start that made it shows. */
function demoPasswordLine(config: Config, seededNow: boolean): string {
  if (!config.DEMO_PASSWORD_GENERATED) return config.DEMO_PASSWORD;
  if (seededNow) {
    return `${config.DEMO_PASSWORD}  (generated now, shown once; set DEMO_PASSWORD to choose one)`;
  }
  return '(the one printed at first start, or DEMO_PASSWORD)';
}

/** Which payment provider takes cards, and a warning when Stripe's events cannot reach us. */
function billingModeLine(config: Config): string {
  if (!config.STRIPE_SECRET_KEY)
    return 'Billing:      test mode (no real charges; set STRIPE_* for Stripe)';
  if (!config.STRIPE_WEBHOOK_SECRET) {
    return 'Billing:      Stripe. Warning: STRIPE_WEBHOOK_SECRET is not set, so Stripe events (payments made on its pages, cards changed there) are refused';
  }
  return 'Billing:      Stripe';
}

/** Which providers the auth screen offers: the configured ones, the development one, or none. */
function socialSignInLine(config: Config): string {
  if (config.DEV_IDENTITY_PROVIDER) {
    const line = `Social sign-in: development identity provider at ${config.PUBLIC_URL}${DEV_IDENTITY_PROVIDER_PATH} (Google-type and Apple-type test sign-ins; no real identities; set OIDC_* for real providers)`;
    if (isLoopbackHost(config.HOST)) return line;
    // It refuses other machines (dev/this-machine.ts); their auth screen still shows its buttons.
    return `${line}.\n  It answers only this machine: others reaching HOST ${config.HOST} are refused by it. Set DEV_OIDC=false to hide its buttons.`;
  }
  if (config.OIDC_PROVIDERS.length === 0) {
    return 'Social sign-in: off (set OIDC_* for Google, Apple or another OpenID Connect provider)';
  }
  return `Social sign-in: ${config.OIDC_PROVIDERS.map((provider) => provider.label).join(', ')}`;
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
