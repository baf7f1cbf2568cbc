import fc from 'fast-check';

/** The part of OpenAPI 3.0's schema object the API's documents use (zod's JSON Schema output). */
export type JsonSchema = {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Ids of rows that exist, by kind, drawn besides random uuids so requests get past "not found". */
export type KnownIds = Record<'orgs' | 'groups' | 'accounts' | 'tags', readonly string[]>;

/**
 * How valid-ish values are drawn: from `ids` for id fields; `text`, when set, rewrites every
 * free-text string and makes every free-text field present (an awkward character everywhere it
 * can reach the database).
 */
export type Draw = { ids: KnownIds; text?: (text: string) => string };

/** A place in a value where one mutation can go: its path of keys and its schema. */
export type Site = { path: string[]; schema: JsonSchema; required: boolean };

// NUL first and most often (PostgreSQL refuses it), then C0/C1 controls, DEL, line and paragraph
// separators, BOM, lone surrogates (no UTF-8 encoding), a non-character, right-to-left override.
export const AWKWARD_CHARACTERS = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  '\u202e',
];
const ODD_NUMBERS = [
  -1,
  -0,
  0.5,
  -1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  NaN,
  Infinity,
  -Infinity,
];
// Text that looks like another type, sits at a limit of dates or ids, or means something to a
// shell, a path, a URL or SQL.
export const ODD_TEXTS = [
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e400',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '294277-01-01T00:00:00Z',
  '2024-02-30',
  '-000001-01-01',
  '../../etc/passwd',
  '%',
  '%00',
  '\\',
  "'; select pg_sleep(1); --",
  '😀',
  'a\u0301',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const HUGE_TEXT_LENGTHS = [10_000, 200_000, 1_100_000];
const SHORT_TEXT = 40;
const SHORT_LIST = 5;
// Number lists are the RR series of the ingestion routes: long enough to be analysed.
const NUMBER_LIST = 400;
const RR_MS = { min: 200, max: 2000 };

/** `text` with `char` put at a place `at` picks. */
export const insertAt = (text: string, at: number, char: string) => {
  const index = at % (text.length + 1);
  return text.slice(0, index) + char + text.slice(index);
};

// Fixed bounds, in the past, so a seed draws the same dates on any day.
const isoDateTime = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2025-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** A value the schema accepts, or nearly: the starting point every mutation departs from. */
export function validValue(schema: JsonSchema, draw: Draw, name = ''): fc.Arbitrary<unknown> {
  const value = validNonNull(schema, draw, name);
  return schema.nullable && !draw.text ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function validNonNull(schema: JsonSchema, draw: Draw, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((one) => validValue(one, draw, name)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], draw, name);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema, draw, name);
    case 'integer': {
      const min = Math.ceil(schema.minimum ?? 0);
      return fc.integer({
        min,
        max: Math.floor(Math.min(schema.maximum ?? min + 100, min + 1000)),
      });
    }
    case 'number': {
      // Unbounded numbers are the RR intervals (and the app's sample values): 200-2000 ms.
      const min = schema.minimum ?? RR_MS.min;
      return fc.double({
        min,
        max: schema.maximum ?? Math.max(min, RR_MS.max),
        noNaN: true,
        minExcluded: schema.exclusiveMinimum === true,
        maxExcluded: schema.exclusiveMaximum === true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      const longest = items.type === 'number' ? NUMBER_LIST : SHORT_LIST;
      return fc.array(validValue(items, draw, name), {
        minLength: Math.max(schema.minItems ?? 0, draw.text ? 1 : 0),
        maxLength: Math.max(schema.minItems ?? 1, Math.min(schema.maxItems ?? longest, longest)),
      });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const freeText = properties.filter(([key, one]) => isFreeText(one, key)).map(([key]) => key);
      return fc.record(
        Object.fromEntries(properties.map(([key, one]) => [key, validValue(one, draw, key)])),
        { requiredKeys: [...(schema.required ?? []), ...(draw.text ? freeText : [])] },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// Formats zod leaves to refinements, recognised by the field's name.
const EMAIL_NAME = /email/i;
const DATE_NAME = /date/i;

/** Whether a field takes any text (a name, a search), where a stray character is stored as sent. */
function isFreeText(schema: JsonSchema, name: string): boolean {
  return (
    schema.type === 'string' &&
    !schema.enum &&
    !schema.format &&
    !schema.pattern &&
    !EMAIL_NAME.test(name) &&
    !DATE_NAME.test(name)
  );
}

/** The existing ids an id field may name, picked by its name (`orgId`, `groupIds`, `tags`...). */
function idsFor(ids: KnownIds, name: string): readonly string[] {
  if (/org/i.test(name)) return ids.orgs;
  if (/group/i.test(name)) return ids.groups;
  if (/tag/i.test(name)) return ids.tags;
  if (/user|account|member/i.test(name)) return ids.accounts;
  return Object.values(ids).flat();
}

function validString(schema: JsonSchema, draw: Draw, name: string): fc.Arbitrary<string> {
  // Tag ids are plain strings in the contract (an unknown one is refused by name).
  if (schema.format === 'uuid' || name === 'tags') {
    const known = idsFor(draw.ids, name);
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), fc.uuid()) : fc.uuid();
  }
  if (schema.format === 'date-time') return isoDateTime;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'));
  if (EMAIL_NAME.test(name)) return fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}@[a-z]{1,12}\.test$/);
  if (DATE_NAME.test(name)) return isoDateTime.map((iso) => iso.slice(0, 10));
  const minLength = schema.minLength ?? 0;
  const text = fc.string({
    minLength: Math.max(minLength, 1),
    maxLength: Math.max(minLength, 1, Math.min(schema.maxLength ?? SHORT_TEXT, SHORT_TEXT)),
  });
  return draw.text ? text.map(draw.text) : text;
}

/**
 * A value the schema refuses, or that probes its edges: an awkward character in otherwise valid
 * text, the wrong type, a huge string, an odd number (negative, NaN, Infinity, huge), or text that
 * looks like something else.
 */
export function badValue(schema: JsonSchema, draw: Draw, name = ''): fc.Arbitrary<unknown> {
  const text =
    schema.type === 'string' && !schema.enum
      ? (validValue({ ...schema, nullable: false }, draw, name) as fc.Arbitrary<string>)
      : fc.string({ maxLength: SHORT_TEXT });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(text, fc.nat(), fc.constantFrom(...AWKWARD_CHARACTERS))
        .map(([value, at, char]) => insertAt(value, at, char)),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.string({ maxLength: 10 }),
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT_LENGTHS).map((n) => 'x'.repeat(n)) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_TEXTS) },
  );
}

/** Every place one mutation can hit: each property at any depth, and a list's first item. */
export function sitesOf(schema: JsonSchema, path: string[] = [], required = true): Site[] {
  const here = path.length > 0 ? [{ path, schema, required }] : [];
  if (schema.type === 'object' && schema.properties) {
    return [
      ...here,
      ...Object.entries(schema.properties).flatMap(([key, property]) =>
        sitesOf(property, [...path, key], (schema.required ?? []).includes(key)),
      ),
    ];
  }
  if (schema.type === 'array' && schema.items) {
    return [...here, ...sitesOf(schema.items, [...path, '0'], true)];
  }
  return here;
}

/** `value` with `replacement` at `path` (undefined deletes it), containers made as needed. */
export function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const container: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : value !== null && typeof value === 'object'
      ? { ...value }
      : /^\d+$/.test(key)
        ? []
        : {};
  const inner = withValueAt((container as Record<string, unknown>)[key], rest, replacement);
  if (inner === undefined && rest.length === 0) {
    delete (container as Record<string, unknown>)[key];
  } else {
    // Defined, not assigned: a key named __proto__ must become a field, not the prototype.
    Object.defineProperty(container, key, {
      value: inner,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return container;
}
