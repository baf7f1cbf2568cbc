import { describe, expect, it } from 'vitest';
import { HRV_METRIC_KEYS, type HrvMetrics } from '@resonant/contracts/metrics';
import { HRV_METRICS_CODE_SYSTEM } from '@resonant/contracts/my-data';
import {
  observationEntry,
  patientEntry,
  type FhirPerson,
  type FhirReading,
} from './fhir-mapping.ts';

const PERSON: FhirPerson = {
  accountId: '6c0c5a3e-9a43-4f62-9d0e-4d1c1b0d7a11',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  gender: 'Prefer not to disclose',
  birthDate: '1990-12-10',
};

const metrics = (overrides: Partial<HrvMetrics> = {}): HrvMetrics => ({
  ...(Object.fromEntries(HRV_METRIC_KEYS.map((key) => [key, 1.5])) as HrvMetrics),
  beats: 290,
  durationS: 300,
  sdnn: 61.2,
  rmssd: 48.7,
  meanHr: 58.4,
  artifactPercent: 1.2,
  ...overrides,
});

const READING: FhirReading = {
  id: '0b8d7c1e-2f4a-4b61-8a3e-9c5d2e1f0a22',
  kind: 'morning',
  takenAt: new Date('2026-03-01T06:30:00Z'),
  device: 'Polar H10',
  note: 'Slept well',
  quality: 'good',
  metrics: metrics(),
};

type Component = {
  code: { coding: { system: string; code: string }[] };
  valueQuantity?: { value: number; unit: string; system: string; code: string };
};
const componentOf = (reading: FhirReading, code: string) =>
  (observationEntry(PERSON.accountId, reading).resource.component as Component[]).find(
    (component) => component.code.coding[0]!.code === code,
  );

describe('FHIR mapping of readings', () => {
  it('codes SDNN as LOINC 80404-7 and RMSSD in our CodeSystem, in UCUM units', () => {
    expect(componentOf(READING, '80404-7')).toEqual({
      code: {
        coding: [
          {
            system: 'http://loinc.org',
            code: '80404-7',
            display: 'R-R interval.standard deviation (Heart rate variability)',
          },
        ],
        text: 'R-R interval.standard deviation (Heart rate variability)',
      },
      valueQuantity: { value: 61.2, unit: 'ms', system: 'http://unitsofmeasure.org', code: 'ms' },
    });
    const rmssd = componentOf(READING, 'rmssd')!;
    expect(rmssd.code.coding[0]!.system).toBe(HRV_METRICS_CODE_SYSTEM);
    expect(rmssd.valueQuantity).toMatchObject({ value: 48.7, code: 'ms' });
    expect(componentOf(READING, '8867-4')!.valueQuantity).toMatchObject({ code: '/min' });
    expect(componentOf(READING, 'artifact-percent')!.valueQuantity).toMatchObject({
      value: 1.2,
      code: '%',
    });
    expect(componentOf(READING, 'hf')!.valueQuantity).toMatchObject({ code: 'ms2' });
  });

  it('spans the recording window, refers to the Patient and names the device', () => {
    const { resource } = observationEntry(PERSON.accountId, READING);
    expect(resource).toMatchObject({
      resourceType: 'Observation',
      status: 'final',
      effectivePeriod: { start: '2026-03-01T06:30:00.000Z', end: '2026-03-01T06:35:00.000Z' },
      subject: { reference: `urn:uuid:${PERSON.accountId}` },
      device: { display: 'Polar H10' },
      note: [{ text: 'Slept well' }],
    });
    expect(resource.category[0]!.coding[0]!.code).toBe('vital-signs');
    expect(patientEntry(PERSON)).toMatchObject({
      fullUrl: `urn:uuid:${PERSON.accountId}`,
      resource: { resourceType: 'Patient', gender: 'unknown', birthDate: '1990-12-10' },
    });
  });

  it('leaves out a metric that could not be computed, and a missing device or note', () => {
    const sparse = { ...READING, device: null, note: null, metrics: metrics({ rmssd: null }) };
    expect(componentOf(sparse, 'rmssd')).toBeUndefined();
    const { resource } = observationEntry(PERSON.accountId, sparse);
    expect(resource).not.toHaveProperty('device');
    expect(resource).not.toHaveProperty('note');
  });
});
