import type { Gender } from '@resonant/contracts/profile';
import type { HrvMetrics } from '@resonant/contracts/metrics';
import { HRV_METRICS_CODE_SYSTEM } from '@resonant/contracts/my-data';

/**
 * The pure mapping of a person's readings to HL7 FHIR R4 (decision 0037): a `collection` Bundle
 * holding one Patient (the profile) and one Observation per reading. No I/O here, so the shape
 * is unit-tested and schema-validated without a database; the service streams the entries.
 */

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const READING_ID_SYSTEM = 'https://resonant.app/fhir/NamingSystem/reading-id';

/** The person as the Patient of the Bundle. */
export type FhirPerson = {
  accountId: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: Gender | null;
  birthDate: string | null;
};

/** One reading as the mapping needs it. */
export type FhirReading = {
  id: string;
  kind: 'morning' | 'anytime';
  takenAt: Date;
  device: string | null;
  note: string | null;
  quality: 'good' | 'low';
  metrics: HrvMetrics;
};

type Coding = { system: string; code: string; display: string };
type Unit = { unit: string; code: string };

/** A metric's code (LOINC where one exists) and UCUM unit. */
type MetricCode = { coding: Coding; unit: Unit };

const local = (code: string, display: string): Coding => ({
  system: HRV_METRICS_CODE_SYSTEM,
  code,
  display,
});

const MS: Unit = { unit: 'ms', code: 'ms' };
const MS2: Unit = { unit: 'ms2', code: 'ms2' };
const PERCENT: Unit = { unit: '%', code: '%' };
const PER_MIN: Unit = { unit: '/min', code: '/min' };
const HZ: Unit = { unit: 'Hz', code: 'Hz' };
const RATIO: Unit = { unit: '1', code: '1' };

/**
 * Every metric of a reading, in the order written. SDNN and mean heart rate have LOINC codes
 * (80404-7, 8867-4); RMSSD and the rest have none, so they are coded in our CodeSystem.
 */
const FHIR_METRIC_CODES: Readonly<Record<keyof HrvMetrics, MetricCode>> = {
  sdnn: {
    coding: {
      system: LOINC,
      code: '80404-7',
      display: 'R-R interval.standard deviation (Heart rate variability)',
    },
    unit: MS,
  },
  rmssd: { coding: local('rmssd', 'Root mean square of successive RR differences'), unit: MS },
  meanHr: { coding: { system: LOINC, code: '8867-4', display: 'Heart rate' }, unit: PER_MIN },
  artifactPercent: {
    coding: local('artifact-percent', 'RR intervals corrected as artifacts'),
    unit: PERCENT,
  },
  beats: {
    coding: local('beats', 'NN intervals analysed'),
    unit: { unit: 'beats', code: '{beats}' },
  },
  durationS: {
    coding: local('duration', 'Sum of the NN intervals'),
    unit: { unit: 's', code: 's' },
  },
  meanNni: { coding: local('mean-nni', 'Mean NN interval'), unit: MS },
  medianNni: { coding: local('median-nni', 'Median NN interval'), unit: MS },
  rangeNni: { coding: local('range-nni', 'Range of NN intervals'), unit: MS },
  sdsd: { coding: local('sdsd', 'Standard deviation of successive differences'), unit: MS },
  pnn50: { coding: local('pnn50', 'Successive differences over 50 ms'), unit: PERCENT },
  minHr: { coding: local('min-hr', 'Lowest 5-beat heart rate'), unit: PER_MIN },
  maxHr: { coding: local('max-hr', 'Highest 5-beat heart rate'), unit: PER_MIN },
  minMax: { coding: local('min-max', 'Mean max-min heart rate per breath'), unit: PER_MIN },
  vlf: { coding: local('vlf', 'Very low frequency power'), unit: MS2 },
  lf: { coding: local('lf', 'Low frequency power'), unit: MS2 },
  hf: { coding: local('hf', 'High frequency power'), unit: MS2 },
  totalPower: { coding: local('total-power', 'Total power'), unit: MS2 },
  lfHf: { coding: local('lf-hf', 'LF/HF ratio'), unit: RATIO },
  lfNu: { coding: local('lf-nu', 'LF in normalised units'), unit: RATIO },
  hfNu: { coding: local('hf-nu', 'HF in normalised units'), unit: RATIO },
  vlfPercent: { coding: local('vlf-percent', 'VLF share of total power'), unit: PERCENT },
  lfPercent: { coding: local('lf-percent', 'LF share of total power'), unit: PERCENT },
  hfPercent: { coding: local('hf-percent', 'HF share of total power'), unit: PERCENT },
  vlfPeak: { coding: local('vlf-peak', 'VLF peak frequency'), unit: HZ },
  lfPeak: { coding: local('lf-peak', 'LF peak frequency'), unit: HZ },
  hfPeak: { coding: local('hf-peak', 'HF peak frequency'), unit: HZ },
};

const FHIR_GENDERS: Record<Gender, string> = {
  Male: 'male',
  Female: 'female',
  Others: 'other',
  'Prefer not to disclose': 'unknown',
};

/** The Patient's full URL inside the Bundle, which each Observation's subject refers to. */
const patientUrl = (accountId: string) => `urn:uuid:${accountId}`;

/** The Bundle without its entries: the service writes them between `entry: [` and `]`. */
export function bundleHead(at: Date) {
  return { resourceType: 'Bundle', type: 'collection', timestamp: at.toISOString() } as const;
}

/** The Bundle entry of the person as a Patient. */
export function patientEntry(person: FhirPerson) {
  return {
    fullUrl: patientUrl(person.accountId),
    resource: {
      resourceType: 'Patient',
      id: person.accountId,
      name: [{ family: person.lastName, given: [person.firstName] }],
      telecom: [{ system: 'email', value: person.email }],
      ...(person.gender ? { gender: FHIR_GENDERS[person.gender] } : {}),
      ...(person.birthDate ? { birthDate: person.birthDate } : {}),
    },
  };
}

/** A metric as a component, or null when it could not be computed (FHIR has no NaN or null). */
function metricComponent(key: keyof HrvMetrics, value: number | null) {
  if (value === null || !Number.isFinite(value)) return null;
  const { coding, unit } = FHIR_METRIC_CODES[key];
  return {
    code: { coding: [coding], text: coding.display },
    valueQuantity: { value, unit: unit.unit, system: UCUM, code: unit.code },
  };
}

/**
 * The Bundle entry of one reading: an Observation of the Patient, over the recording window
 * (start plus the analysed duration), with each computed metric as a component and the signal
 * quality as a coded one.
 */
export function observationEntry(accountId: string, reading: FhirReading) {
  const end = new Date(reading.takenAt.getTime() + reading.metrics.durationS * 1000);
  const metrics = Object.entries(FHIR_METRIC_CODES).map(([key]) =>
    metricComponent(key as keyof HrvMetrics, reading.metrics[key as keyof HrvMetrics]),
  );
  const quality = local('signal-quality', 'Signal quality');
  return {
    fullUrl: `urn:uuid:${reading.id}`,
    resource: {
      resourceType: 'Observation',
      id: reading.id,
      identifier: [{ system: READING_ID_SYSTEM, value: reading.id }],
      status: 'final',
      category: [
        {
          coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }],
        },
      ],
      code: {
        coding: [local('hrv-reading', 'Heart rate variability reading')],
        text: `Heart rate variability, ${reading.kind} reading`,
      },
      subject: { reference: patientUrl(accountId) },
      effectivePeriod: { start: reading.takenAt.toISOString(), end: end.toISOString() },
      ...(reading.device ? { device: { display: reading.device } } : {}),
      ...(reading.note ? { note: [{ text: reading.note }] } : {}),
      component: [
        ...metrics.filter((component) => component !== null),
        {
          code: { coding: [quality], text: quality.display },
          valueCodeableConcept: {
            coding: [local(`quality-${reading.quality}`, `${reading.quality} quality`)],
          },
        },
      ],
    },
  };
}
