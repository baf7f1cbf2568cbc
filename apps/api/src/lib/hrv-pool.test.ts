import http from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { generateRr } from '@resonant/hrv/synthetic';
import {
  freshServerDatabase,
  spawnServer,
  type ServerDatabase,
  type SpawnedServer,
} from '../../test/spawned-server.ts';
import { syntheticRr } from '../../test/synthetic-rr.ts';
import { encryptForTransport } from '../../test/transport-password.ts';
import { analyseInThisThread, createHrvPool } from './hrv-pool.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

/** Readings good and bad, enough RR values to go to the threads in several chunks. */
const readings: unknown[] = [
  ...Array.from({ length: 1000 }, (_, i) => ({
    clientId: ` reading-${i} `,
    takenAt: new Date(NOW.getTime() - i * 3_600_000).toISOString(),
    kind: i % 2 ? 'anytime' : 'morning',
    rr: Array.from(generateRr({ seed: i, durationS: 300 })),
  })),
  { clientId: 'too-late', takenAt: '2025-06-01T12:06:00Z', kind: 'morning', rr: [900] },
  { clientId: 'not-a-series', takenAt: '2025-06-01T06:00:00Z', kind: 'morning', rr: 'none' },
  null,
];
const sessions: unknown[] = [
  {
    clientId: 'paced',
    type: 'biofeedback',
    startedAt: '2025-06-01T08:00:00Z',
    sessionName: 'Resonance',
    breathsPerMinute: 6,
    rr: syntheticRr(360, { breathsPerMinute: 6 }),
    ozValues: [
      { oz: 90, ts: 0 },
      { oz: 60, ts: 5 },
    ],
  },
  { clientId: 'nameless', type: 'mindfulness', startedAt: '2025-06-01T08:00:00Z', rr: [900] },
];

describe('the HRV worker threads', () => {
  it('check and analyse a batch exactly as this thread does, each entry in its place', async () => {
    const pool = createHrvPool();
    try {
      const inThreads = await pool.readings(readings, NOW);
      expect(inThreads).toEqual(await analyseInThisThread.readings(readings, NOW));
      expect(inThreads).toHaveLength(readings.length);
      expect(inThreads[0]).toMatchObject({ ok: true, recording: { clientId: 'reading-0' } });
      expect(inThreads.slice(-3)).toEqual([
        { ok: false, clientId: 'too-late', message: 'takenAt: Must not be in the future' },
        { ok: false, clientId: 'not-a-series', message: expect.stringMatching(/^rr: /) },
        { ok: false, clientId: null, message: expect.any(String) },
      ]);
      expect(await pool.sessions(sessions, NOW)).toEqual(
        await analyseInThisThread.sessions(sessions, NOW),
      );
    } finally {
      await pool.close();
    }
  });

  it('refuse work once closed', async () => {
    const pool = createHrvPool();
    await pool.close();
    await expect(pool.readings(readings.slice(0, 1), NOW)).rejects.toThrow(/closed/);
  });
});

describe('a server whose threads are running', () => {
  const backend = inject('testBackend');
  const appAdmin = { email: 'pool.admin@example.test', password: 'Pool#Admin42' };
  let database: ServerDatabase | undefined;
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.dispose();
  });

  it('answers a batch in flight on SIGTERM, then exits 0 (the threads stop after the requests)', async () => {
    database = await freshServerDatabase(backend);
    server = await spawnServer({
      ...database.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      APP_ADMIN_EMAIL: appAdmin.email,
      APP_ADMIN_PASSWORD: appAdmin.password,
      // Its request log tells when the batch below has arrived.
      LOG_LEVEL: 'info',
      // The batch may take many seconds on a busy machine: this test is about draining, not about
      // the stop's time limit (server.test.ts covers that).
      SHUTDOWN_TIMEOUT_MS: '120000',
    });
    await server.waitFor(/Resonant is running/, 120_000);
    const base = `http://127.0.0.1:${server.port}`;
    // Each request on a connection of its own, closed with its answer: a kept-alive one would hold
    // the server's stop (its own matter, not the threads').
    const call = (path: string, token: string | null, body?: object, method?: 'PUT') =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const request = http.request(
          `${base}${path}`,
          {
            method: method ?? (body ? 'POST' : 'GET'),
            agent: false,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) as never }),
            );
          },
        );
        request.on('error', reject);
        request.end(body ? JSON.stringify(body) : undefined);
      });
    const signIn = async (email: string, password: string) =>
      (await call('/api/auth/sign-in', null, { email, password })).json.token as string;

    const admin = await signIn(appAdmin.email, appAdmin.password);
    const key = (await call('/api/auth/public-key', admin)).json.public_key as string;
    const added = await call('/api/org/profile', admin, {
      name: 'Pool Org',
      first_name: 'Pat',
      last_name: 'Pool',
      email: 'pat.pool@example.test',
      gender: 'Female',
      dob: '1980-01-01',
      password: encryptForTransport(key, 'Pool#Member42'),
    });
    expect(added.status).toBeLessThan(300);
    const member = await signIn('pat.pool@example.test', 'Pool#Member42');
    // The app admin set that password: it is temporary until its owner replaces it.
    const chosen = { currentPassword: 'Pool#Member42', newPassword: 'Own#Chosen#2026' };
    expect((await call('/api/user/password', member, chosen, 'PUT')).status).toBe(200);
    const batch = readings.slice(0, 1000);
    const first = await call('/api/v1/readings/batch', member, { readings: batch.slice(0, 1) });
    expect(first).toMatchObject({ status: 200, json: { created: 1 } });

    // The threads are running: a batch of 999 (a second or more) is under way when the stop comes,
    // which is once the server has logged its arrival (the second batch request in its log).
    const inFlight = call('/api/v1/readings/batch', member, { readings: batch.slice(1) });
    await server.waitFor(
      /"url":"\/api\/v1\/readings\/batch"[^]*?"url":"\/api\/v1\/readings\/batch"/,
    );
    server.child.kill('SIGTERM');
    expect(await inFlight).toMatchObject({ status: 200, json: { created: 999, failed: 0 } });
    const code = await server.exited;
    expect({ code, output: server.output() }).toEqual({
      code: 0,
      output: expect.stringContaining('SIGTERM received'),
    });
  }, 180_000);
});
