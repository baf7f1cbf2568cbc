import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  freshServerDatabase,
  spawnServer,
  type ServerDatabase,
  type SpawnedServer,
} from '../test/spawned-server.ts';
import { seedPartialDemoAsEarlierVersions } from '../test/partial-demo.ts';
import { cloneTemplate } from '../test/template-database.ts';
import { PUBLISHED_DEMO_PASSWORD } from './config/demo-env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { accounts } from './db/schema/accounts.ts';
import { hrvSessions } from './db/schema/hrv-sessions.ts';
import { invitations } from './db/schema/invitations.ts';
import {
  groupMemberships,
  groups,
  orgMemberships,
  organisations,
} from './db/schema/organisations.ts';
import { readings } from './db/schema/readings.ts';
import { memberRollupTotals } from './db/schema/rollups.ts';
import { ensureDemo } from './demo/demo.ts';
import { DEMO_ACCOUNT_EMAILS } from './demo/demo-org.ts';

const backend = inject('testBackend');
const DEMO_PASSWORD = 'Demo#Start42';
const APP_ADMIN = { email: 'start.admin@example.test', password: 'Start#Admin42' };
const SHUTDOWN_TIMEOUT_MS = 4_000;
/**
 * A whole demo seed takes tens of seconds alone (about 70 s on a slow 2-core machine), and up to
 * several times that while the other test files run beside it; these tests wait this long at most.
 */
const SEED_TIMEOUT_MS = 360_000;
/**
 * A first start without the demo pays PGlite's initdb and the migrations: seconds alone, 20–30 s
 * while the other test files load both cores (seen on Node 20 and 24 alike).
 */
const START_TIMEOUT_MS = 120_000;

const servers: SpawnedServer[] = [];
const databases: ServerDatabase[] = [];

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const database of databases) await database.dispose();
});

async function freshDatabase() {
  const database = await freshServerDatabase(backend);
  databases.push(database);
  return database;
}

async function start(database: ServerDatabase, env: Record<string, string> = {}) {
  const server = await spawnServer({
    ...database.env,
    DEMO_DATA: 'true',
    DEMO_PASSWORD,
    APP_ADMIN_EMAIL: APP_ADMIN.email,
    APP_ADMIN_PASSWORD: APP_ADMIN.password,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    ...env,
  });
  servers.push(server);
  return server;
}

/** Opens the database a server used, once it has exited (a killed one leaves a stale lock). */
async function openServerDatabase(database: ServerDatabase) {
  return openDatabase(
    database.databaseUrl ? { databaseUrl: database.databaseUrl } : { dataDir: database.dataDir },
  );
}

/** SIGTERM, then its exit code and how long it took to exit. */
async function stop(server: SpawnedServer) {
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, ms: performance.now() - sent };
}

/** What makes the demo whole, per member and in total, read from the database. */
async function demoContents(db: Database) {
  const demoOrgs = await db
    .select({ id: organisations.id, seededAt: organisations.demoSeededAt })
    .from(organisations)
    .where(eq(organisations.isDemo, true));
  const orgIds = demoOrgs.map((org) => org.id);
  const members = await db
    .select({
      email: accounts.email,
      role: orgMemberships.role,
      payer: orgMemberships.payer,
      group: groups.name,
      groupAdmin: groupMemberships.isAdmin,
    })
    .from(orgMemberships)
    .innerJoin(accounts, eq(accounts.id, orgMemberships.accountId))
    .innerJoin(
      groupMemberships,
      and(
        eq(groupMemberships.accountId, accounts.id),
        eq(groupMemberships.orgId, orgMemberships.orgId),
      ),
    )
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(inArray(orgMemberships.orgId, orgIds))
    .orderBy(asc(accounts.email), asc(groups.name));
  const readingsPerMember = await db
    .select({ email: accounts.email, kind: readings.kind, n: count() })
    .from(readings)
    .innerJoin(accounts, eq(accounts.id, readings.accountId))
    .where(inArray(readings.orgId, orgIds))
    .groupBy(accounts.email, readings.kind)
    .orderBy(accounts.email, readings.kind);
  const sessionsPerMember = await db
    .select({ email: accounts.email, kind: hrvSessions.kind, n: count() })
    .from(hrvSessions)
    .innerJoin(accounts, eq(accounts.id, hrvSessions.accountId))
    .where(inArray(hrvSessions.orgId, orgIds))
    .groupBy(accounts.email, hrvSessions.kind)
    .orderBy(accounts.email, hrvSessions.kind);
  const invitationRows = await db
    .select({ email: invitations.email, status: invitations.status, role: invitations.role })
    .from(invitations)
    .where(inArray(invitations.orgId, orgIds))
    .orderBy(invitations.email);
  const rollupTotals = await db
    .select({
      email: accounts.email,
      readings: memberRollupTotals.readingsCount,
      rmssdCount: memberRollupTotals.rmssdCount,
      rmssdSum: memberRollupTotals.rmssdSum,
    })
    .from(memberRollupTotals)
    .innerJoin(accounts, eq(accounts.id, memberRollupTotals.accountId))
    .where(inArray(memberRollupTotals.orgId, orgIds))
    .orderBy(accounts.email);
  const demoAccounts = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.email, DEMO_ACCOUNT_EMAILS))
    .orderBy(accounts.email);
  return {
    demoOrganisations: demoOrgs.map((org) => ({ markedWhole: org.seededAt !== null })),
    demoAccounts,
    members,
    readingsPerMember,
    sessionsPerMember,
    invitations: invitationRows,
    rollupTotals,
  };
}

/** A sign-in whose body is sent in two parts: the request is in flight until `finish`. */
function slowSignIn(port: number) {
  const body = JSON.stringify(APP_ADMIN);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/sign-in',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    response,
    finish: () => request.end(body.slice(half)),
    abandon: () => request.destroy(),
  };
}

/** A database without any of the demo. */
const NO_DEMO = {
  demoOrganisations: [],
  demoAccounts: [],
  members: [],
  readingsPerMember: [],
  sessionsPerMember: [],
  invitations: [],
  rollupTotals: [],
};

/** The seed's progress line once the first members' recordings are stored (in its transaction). */
const MEMBERS_STORED = / 8 of \d+ members done/;
/** The request log's line for a sign-in the server has begun to read (LOG_LEVEL info). */
const SIGN_IN_ARRIVED = /"url":"\/api\/auth\/sign-in"/;

const lockFileOf = (database: ServerDatabase) => path.join(database.dataDir, 'resonant.lock');

describe(`server.ts started as a user would (${backend.kind})`, () => {
  it(
    'leaves nothing when the first start is killed during the seed; the next start seeds it whole',
    async () => {
      const database = await freshDatabase();
      const first = await start(database);
      // Killed once the seed's transaction holds the first members' recordings.
      await first.waitFor(MEMBERS_STORED, SEED_TIMEOUT_MS);
      first.child.kill('SIGKILL');
      await first.exited;

      const killed = await openServerDatabase(database);
      try {
        expect(await demoContents(killed.db)).toEqual(NO_DEMO);
        // Also make it the partial demo an earlier version left in that case: the next start
        // must replace that too.
        await seedPartialDemoAsEarlierVersions(killed.db, DEMO_PASSWORD, new Date());
        expect((await demoContents(killed.db)).readingsPerMember.length).toBeGreaterThan(0);
      } finally {
        await killed.close();
      }

      // The reference: the same seed, in-process, on a clean database (while the server seeds). Both
      // seed the same day's demo (unless these few seconds straddle midnight UTC).
      const reference = await cloneTemplate(backend);
      try {
        const referenceSeeded = ensureDemo(reference.db, {
          password: DEMO_PASSWORD,
          now: new Date(),
        });
        referenceSeeded.catch(() => {}); // awaited below, unless the server fails first
        const second = await start(database);
        await second.waitFor(/Resonant is running/, SEED_TIMEOUT_MS);
        expect(second.output()).toContain('Removing the partial demo');
        expect(second.output()).toMatch(/Demo data: \d+ readings and \d+ sessions for \d+ members/);
        expect((await stop(second)).code).toBe(0);
        await referenceSeeded;

        const seeded = await openServerDatabase(database);
        try {
          const whole = await demoContents(seeded.db);
          expect(whole.demoOrganisations).toEqual([{ markedWhole: true }]);
          expect(whole).toEqual(await demoContents(reference.db));
        } finally {
          await seeded.close();
        }
      } finally {
        await reference.close();
      }
    },
    SEED_TIMEOUT_MS + 60_000,
  );

  it(
    'stops cleanly on SIGTERM during the demo seed: nothing seeded, exit 0, data dir released',
    async () => {
      const database = await freshDatabase();
      const server = await start(database);
      await server.waitFor(MEMBERS_STORED, SEED_TIMEOUT_MS);
      const { code, ms } = await stop(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(server.output()).toMatch(/SIGTERM received/);
      expect(fs.existsSync(lockFileOf(database))).toBe(false);

      const stopped = await openServerDatabase(database);
      try {
        expect(await demoContents(stopped.db)).toEqual(NO_DEMO);
      } finally {
        await stopped.close();
      }
    },
    SEED_TIMEOUT_MS,
  );

  // Issue 27: the demo with the README's password made every default install an open door.
  it(
    'refuses a production start with the published demo password, naming the variable',
    async () => {
      const server = await start(await freshDatabase(), {
        NODE_ENV: 'production',
        DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD,
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        'DEMO_PASSWORD: the published demo password is refused on a production or public server',
      );
      expect(server.output()).not.toContain('Resonant is running');
    },
    START_TIMEOUT_MS,
  );

  describe('graceful stop', () => {
    // One database for both: its first start pays PGlite's initdb and the migrations.
    let database: ServerDatabase;
    beforeAll(async () => {
      database = await freshDatabase();
    });

    it(
      'answers a request in flight on SIGTERM, then exits 0 within the time limit',
      async () => {
        const server = await start(database, { DEMO_DATA: 'false', LOG_LEVEL: 'info' });
        await server.waitFor(/Resonant is running/, START_TIMEOUT_MS);
        const signIn = slowSignIn(server.port);
        await server.waitFor(SIGN_IN_ARRIVED);
        const sent = performance.now();
        server.child.kill('SIGTERM');
        await server.waitFor(/SIGTERM received/);
        expect(server.child.exitCode).toBeNull(); // still waiting for the request in flight
        signIn.finish();

        const answer = await signIn.response;
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ token: expect.any(String) });
        expect(await server.exited).toBe(0);
        expect(performance.now() - sent).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
        if (!database.databaseUrl) expect(fs.existsSync(lockFileOf(database))).toBe(false);
      },
      START_TIMEOUT_MS + 30_000,
    );

    it(
      'exits non-zero with a clear line when the stop outlasts SHUTDOWN_TIMEOUT_MS',
      async () => {
        const limit = 1_500;
        const server = await start(database, {
          DEMO_DATA: 'false',
          SHUTDOWN_TIMEOUT_MS: String(limit),
          LOG_LEVEL: 'info',
        });
        await server.waitFor(/Resonant is running/, START_TIMEOUT_MS);
        const signIn = slowSignIn(server.port); // never finished
        signIn.response.catch(() => {});
        await server.waitFor(SIGN_IN_ARRIVED);
        const { code, ms } = await stop(server);
        signIn.abandon();
        expect(code).toBe(1);
        expect(ms).toBeGreaterThanOrEqual(limit - 100);
        expect(ms).toBeLessThan(limit + 2_000);
        expect(server.output()).toContain(`did not stop within ${limit} ms (SHUTDOWN_TIMEOUT_MS)`);
      },
      START_TIMEOUT_MS + 30_000,
    );
  });
});
