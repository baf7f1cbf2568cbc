import 'dotenv/config';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { ensureAppAdmin } from './db/seed/app-admin.ts';
import {
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_ORG_ADMIN_EMAIL,
  findDemoOrgId,
  seedDemoOrg,
} from './db/seed/demo-org.ts';
import { seedDemoInvitations } from './db/seed/demo-invitations.ts';
import { seedDemoRecordings } from './db/seed/demo-recordings.ts';
import type { Database } from './db/client.ts';
import { systemClock } from './lib/clock.ts';

async function main() {
  const config = loadConfig();
  const connection = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await connection.migrate();
  const { generatedPassword } = await ensureAppAdmin(
    connection.db,
    config.APP_ADMIN_EMAIL,
    config.APP_ADMIN_PASSWORD,
  );
  if (config.DEMO_DATA) await seedDemo(connection.db, config.DEMO_PASSWORD);

  const app = await buildApp({
    config,
    db: connection.db,
    databaseKind: connection.kind,
    clock: systemClock,
  });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
      `  Demo password (all demo accounts): ${config.DEMO_PASSWORD}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

/**
 * The demo organisation and, on its first start, its invitation history and eight months of
 * recordings.
 */
async function seedDemo(db: Database, password: string) {
  const now = systemClock();
  const created = await seedDemoOrg(db, password);
  const orgId = await findDemoOrgId(db);
  if (!orgId) return;
  if (created) await seedDemoInvitations(db, orgId, now);
  const started = performance.now();
  const summary = await seedDemoRecordings(db, orgId, now, (message) => console.log(message));
  if (!summary) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Demo data: ${summary.readings} readings and ${summary.sessions} sessions for ${summary.members} members in ${seconds} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
