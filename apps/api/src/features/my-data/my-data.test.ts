import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FHIR_PATH,
  EXPORT_FILES,
  EXPORT_ZIP_PATH,
  HRV_METRICS_CODE_SYSTEM,
} from '@resonant/contracts/my-data';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createOrg } from '../../../test/factories.ts';
import { fhirSchemaErrors } from '../../../test/fhir-schema.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { recordReading } from '../../../test/record-reading.ts';
import { syntheticRr } from '../../../test/synthetic-rr.ts';
import { zipEntries } from '../../../test/zip-entries.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { groupMemberships, orgMemberships } from '../../db/schema/organisations.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

type ExportedReading = {
  id: string;
  clientId: string;
  organisation: { id: string; name: string | null };
  device: string | null;
  note: string | null;
  metrics: { rmssd: number | null };
  rrMs: number[];
};
type ExportedSession = {
  clientId: string;
  minutes: { minute: number }[];
  optimalZoneSamples: { values: unknown[] } | null;
  rrMs: number[];
};
type Observation = {
  resource: {
    resourceType: string;
    id: string;
    component?: { code: { coding: { system: string; code: string }[] } }[];
  };
};

describe('GET /api/v1/export and /api/v1/export/fhir', () => {
  let t: TestApp;
  let orgId: string;
  let memberId: string;
  const token = { member: '', other: '', appAdmin: '' };
  /** What the member posted, by clientId: the RR series the export must give back. */
  const posted = new Map<string, number[]>();
  const otherClientIds: string[] = [];

  const postReading = async (bearer: string, rr: number[], extra: object = {}) => {
    const clientId = randomUUID();
    const body = { clientId, takenAt: '2026-05-30T06:30:00Z', kind: 'morning', rr, ...extra };
    const response = await t.call('POST', '/api/v1/readings', bearer, body);
    expect(response.statusCode).toBe(201);
    return clientId;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => NOW });
    const org = await buildOrg(t, {
      name: 'Export Org',
      people: { member: { groups: ['Default'] }, other: { groups: ['Default'] } },
      signIn: ['member', 'other'],
    });
    orgId = org.id;
    memberId = org.ids.member;
    Object.assign(token, org.tokens);
    token.appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;

    // Decimals as a sensor at 1/1024 s or an app rounding to 0.1 ms sends them.
    const decimals = syntheticRr(120).map((rr, i) => (i % 3 === 0 ? rr + 0.3 : rr + 0.5625));
    for (const rr of [syntheticRr(300), decimals, syntheticRr(200, { seed: 7, meanMs: 850 })]) {
      posted.set(await postReading(token.member, rr, { device: 'Polar H10', note: 'Calm' }), rr);
    }
    otherClientIds.push(await postReading(token.other, syntheticRr(300, { seed: 3 })));
    // A reading in another organisation the member recorded in before.
    const elsewhere = await createOrg(t.db, { name: 'Former Org' });
    const rr = syntheticRr(180, { seed: 11 });
    const clientId = randomUUID();
    await recordReading(
      t.db,
      { orgId: elsewhere.id, accountId: memberId },
      { clientId, takenAt: '2026-04-01T06:00:00Z', kind: 'anytime', rr },
      NOW,
    );
    posted.set(clientId, rr);

    const session = await t.call('POST', '/api/v1/sessions', token.member, {
      clientId: 'session-1',
      type: 'biofeedback',
      startedAt: '2026-05-31T08:00:00Z',
      sessionName: 'Evening resonance',
      breathsPerMinute: 6,
      rr: syntheticRr(180, { breathsPerMinute: 6 }),
      ozValues: [
        { oz: 90, ts: 0 },
        { oz: 70, ts: 5000 },
      ],
    });
    expect(session.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const download = async (bearer: string) => {
    const response = await t.call('GET', EXPORT_ZIP_PATH, bearer);
    expect(response.statusCode).toBe(200);
    return { response, files: await zipEntries(response.rawPayload) };
  };

  it.each([EXPORT_ZIP_PATH, EXPORT_FHIR_PATH])('%s answers 401 signed out', async (path) => {
    expect((await t.call('GET', path)).statusCode).toBe(401);
  });

  it.each([EXPORT_ZIP_PATH, EXPORT_FHIR_PATH])('%s answers 403 to the app admin', async (path) => {
    expect((await t.call('GET', path, token.appAdmin)).statusCode).toBe(403);
  });

  it('streams one ZIP of every file, and gives back every RR series as posted', async () => {
    const { response, files } = await download(token.member);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="resonant-export-2026-06-01.zip"',
    );
    expect([...files.keys()]).toEqual(EXPORT_FILES.map((file) => file.name));

    const readings = JSON.parse(files.get('readings.json')!) as ExportedReading[];
    expect(readings).toHaveLength(posted.size);
    for (const reading of readings) expect(reading.rrMs).toEqual(posted.get(reading.clientId));
    expect(readings.map((r) => r.organisation.name)).toContain('Former Org');
    expect(readings.find((r) => r.device === 'Polar H10')).toMatchObject({ note: 'Calm' });
    expect(readings.every((r) => typeof r.metrics.rmssd === 'number')).toBe(true);

    const csvLines = files.get('readings.csv')!.trim().split('\n');
    expect(csvLines).toHaveLength(1 + posted.size);
    expect(csvLines[0]).toContain('"rmssd"');

    const [session] = JSON.parse(files.get('sessions.json')!) as ExportedSession[];
    expect(session).toMatchObject({ clientId: 'session-1' });
    expect(session!.minutes.length).toBeGreaterThan(0);
    expect(session!.optimalZoneSamples!.values).toHaveLength(2);
    expect(files.get('sessions.csv')!.trim().split('\n')).toHaveLength(2);

    const profile = JSON.parse(files.get('profile.json')!) as { account: { id: string } };
    expect(profile.account.id).toBe(memberId);
    expect(files.get('README.txt')).toContain('fhir-bundle.json');
  });

  it("never puts another member's data in the archive", async () => {
    const { files } = await download(token.member);
    const everything = [...files.values()].join('\n');
    for (const clientId of otherClientIds) expect(everything).not.toContain(clientId);
    const others = JSON.parse((await download(token.other)).files.get('readings.json')!);
    expect((others as ExportedReading[]).map((r) => r.clientId)).toEqual(otherClientIds);
  });

  it('puts a FHIR R4 Bundle in the archive that the R4 JSON schema accepts', async () => {
    const { files } = await download(token.member);
    const bundle = JSON.parse(files.get('fhir-bundle.json')!) as { entry: Observation[] };
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    // The schema is strict enough to catch a malformed resource: a wrong code, a misspelt field.
    const [patient, first] = bundle.entry;
    const wrongStatus = { ...first, resource: { ...first!.resource, status: 'done' } };
    const misspelt = { ...first, resource: { ...first!.resource, effectivePeriode: {} } };
    expect(fhirSchemaErrors({ ...bundle, entry: [patient, wrongStatus] })).not.toEqual([]);
    expect(fhirSchemaErrors({ ...bundle, entry: [patient, misspelt] })).not.toEqual([]);
    const observations = bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
    expect(observations).toHaveLength(posted.size);
    const codes = observations[0]!.resource.component!.map((c) => c.code.coding[0]!);
    expect(codes).toContainEqual(expect.objectContaining({ code: '80404-7' }));
    expect(codes).toContainEqual({
      system: HRV_METRICS_CODE_SYSTEM,
      code: 'rmssd',
      display: expect.any(String),
    });
  });

  it('answers the FHIR Bundle alone as application/fhir+json', async () => {
    const response = await t.call('GET', EXPORT_FHIR_PATH, token.member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const bundle = response.json<{ type: string; entry: Observation[] }>();
    expect(bundle.type).toBe('collection');
    expect(bundle.entry[0]!.resource).toMatchObject({ resourceType: 'Patient', id: memberId });
    expect(bundle.entry).toHaveLength(1 + posted.size);
  });

  it('records each export as account.export, filed outside any organisation', async () => {
    await t.db.delete(auditLog).where(eq(auditLog.action, 'account.export'));
    await t.call('GET', EXPORT_ZIP_PATH, token.member);
    await t.call('GET', EXPORT_FHIR_PATH, token.member);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.export'), eq(auditLog.targetId, memberId)));
    expect(rows.map((row) => [row.orgId, row.actorAccountId, row.details])).toEqual(
      expect.arrayContaining([
        [null, memberId, { format: 'zip' }],
        [null, memberId, { format: 'fhir' }],
      ]),
    );
  });

  it('still exports every reading after the member has left the organisation', async () => {
    await t.db.delete(groupMemberships).where(eq(groupMemberships.accountId, memberId));
    await t.db
      .delete(orgMemberships)
      .where(and(eq(orgMemberships.accountId, memberId), eq(orgMemberships.orgId, orgId)));
    const { files } = await download(token.member);
    const readings = JSON.parse(files.get('readings.json')!) as ExportedReading[];
    expect(readings.map((r) => r.clientId).sort()).toEqual([...posted.keys()].sort());
  });
});
