import fc from 'fast-check';
import type { Operation } from './openapi-operations.ts';
import {
  AWKWARD_CHARACTERS,
  badValue,
  insertAt,
  ODD_TEXTS,
  sitesOf,
  validValue,
  withValueAt,
  type Draw,
  type JsonSchema,
  type KnownIds,
  type Site,
} from './schema-arbitraries.ts';

/** One request of the suite, ready for app.inject(), and who sends it. */
export type FuzzRequest<Caller extends string = string> = {
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

type FormFile = { field: string; fileName: string; contentType: string; content: string | Buffer };
type Damage = 'none' | 'no boundary' | 'other boundary' | 'broken part header' | number;
type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; contentType: string; payload: string }
  | { kind: 'form'; fields: unknown; files: FormFile[]; damage: Damage };

/** A request before it is written out: values per path parameter, per query parameter, the body. */
type Plan = { path: unknown; query: unknown; body: BodyPlan };

/** Where a mutation goes: a path or query parameter, a JSON body's field, a form field or file. */
type Where = 'path' | 'query' | 'body' | 'form' | 'file name';
type Target = Site & { where: Where };

const JSON_TYPE = 'application/json';
const BOUNDARY = 'fuzzBoundary7MA4YWxk';
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
];
const INVALID_JSON = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1}{"b":2}',
  "{'a':1}",
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"text"',
  '123',
  'null',
  '[]',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
];
// Percent-encodings a URL parser may choke on: a lone %, a bad hex pair, invalid UTF-8, an
// encoded lone surrogate, an encoded slash and NUL.
const RAW_URL_PIECES = ['%', '%zz', '%c3%28', '%ed%a0%80', '%2F..%2F', '%00'];
// Words a fuzzer's dictionary would hold: column names of the CSV and RR files the imports read.
const FILE_WORDS = [
  'RR',
  'rr_ms',
  'RR (s)',
  'IBI',
  'first_name',
  'last_name',
  'email',
  'gender',
  'birth_date',
  'group',
  'password',
];
// Cells such a file holds: names, emails, genders, dates, intervals, a formula.
const FILE_CELLS = ['Ann', 'ann@example.test', 'Female', '1990-01-01', '850', '0.85', '=1+1'];
const FILE_NAMES = ['rr.txt', 'rr.csv', 'users.csv', 'data.tsv', 'photo.png', 'noextension'];
const FILE_TYPES = ['text/plain', 'text/csv', 'application/octet-stream'];
const TEXT_SCHEMA: JsonSchema = { type: 'string' };

/** A URL component with every character escaped, lone surrogates too (as their WTF-8 bytes). */
function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    encoded +=
      char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

/** A piece of URL written as it is, not escaped: broken percent-encoding. */
class RawUrlPiece {
  constructor(readonly text: string) {}
}

/** A value as a URL component: escaped, unless it is a raw piece. */
const urlComponent = (value: unknown) =>
  value instanceof RawUrlPiece ? value.text : encodeComponent(asText(value));

/** The text a URL or form field carries for a value. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : (JSON.stringify(value) ?? '');

const objectSchema = (parameters: Operation['query']): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  required: parameters.filter((p) => p.required).map((p) => p.name),
});

const isFile = (schema: JsonSchema) =>
  schema.format === 'binary' || schema.items?.format === 'binary';

const fileContent: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc
    .array(fc.integer({ min: 200, max: 2000 }), { maxLength: 400 })
    .map((beats) => beats.join('\n')),
  fc
    .tuple(
      fc.shuffledSubarray(FILE_WORDS, { minLength: 1 }),
      fc.array(
        fc.array(fc.oneof(fc.constantFrom(...FILE_CELLS), fc.string({ maxLength: 12 })), {
          minLength: 1,
          maxLength: FILE_WORDS.length,
        }),
        { maxLength: 6 },
      ),
      fc.constantFrom(',', ';', '\t'),
    )
    .map(([header, rows, separator]) =>
      [header, ...rows].map((cells) => cells.join(separator)).join('\n'),
    ),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** What one operation's requests are made of, read from its OpenAPI description. */
class OperationShape {
  readonly path: JsonSchema;
  readonly query: JsonSchema;
  readonly form: { fileFields: { name: string; many: boolean }[]; fields: JsonSchema } | null;
  readonly json: JsonSchema | null;

  constructor(operation: Operation) {
    this.path = objectSchema(operation.pathParams);
    this.query = objectSchema(operation.query);
    const { body } = operation;
    const multipart = body?.contentType.startsWith('multipart/') ?? false;
    this.json = body && !multipart ? body.schema : null;
    if (body && multipart) {
      const properties = Object.entries(body.schema.properties ?? {});
      this.form = {
        fileFields: properties
          .filter(([, p]) => isFile(p))
          .map(([name, p]) => ({ name, many: p.type === 'array' })),
        fields: {
          type: 'object',
          properties: Object.fromEntries(properties.filter(([, p]) => !isFile(p))),
        },
      };
    } else {
      this.form = null;
    }
  }

  /** Every place a single mutation can go. */
  targets(): Target[] {
    const at = (where: Where, schema: JsonSchema) =>
      sitesOf(schema).map((site) => ({ ...site, where }));
    return [
      ...at('path', this.path),
      ...at('query', this.query),
      ...(this.json ? at('body', this.json) : []),
      ...(this.form
        ? [
            ...at('form', this.form.fields),
            { where: 'file name' as const, path: [], schema: TEXT_SCHEMA, required: true },
          ]
        : []),
    ];
  }

  /** A valid-ish plan; with `draw.text`, every free-text string rewritten by it. */
  plan(draw: Draw): fc.Arbitrary<Plan> {
    return fc.record({
      path: validValue(this.path, draw),
      query: validValue(this.query, draw),
      body: this.body(draw),
    });
  }

  private body(draw: Draw): fc.Arbitrary<BodyPlan> {
    if (this.json) {
      return validValue(this.json, draw).map((value) => ({
        kind: 'json' as const,
        value,
        contentType: JSON_TYPE,
      }));
    }
    if (!this.form) return fc.constant({ kind: 'none' as const });
    const { fileFields, fields } = this.form;
    // One file per file field; a list of files (an array in the schema) gets up to three.
    const files = fileFields.map(({ name, many }) =>
      fc.array(
        fc.record({
          field: fc.constant(name),
          fileName: fc
            .constantFrom(...FILE_NAMES)
            .map((fileName) => (draw.text ? draw.text(fileName) : fileName)),
          contentType: fc.constantFrom(...FILE_TYPES),
          content: fileContent,
        }),
        { minLength: 1, maxLength: many ? 3 : 1 },
      ),
    );
    return fc.record({
      kind: fc.constant('form' as const),
      fields: validValue(fields, draw),
      files: fc.tuple(...files).map((perField) => perField.flat()),
      damage: fc.constant('none' as const),
    });
  }

  /** The whole body made wrong: invalid JSON, a wrong content type, none, a damaged form. */
  wrongBody(draw: Draw): fc.Arbitrary<BodyPlan> {
    const invalidJson = fc
      .constantFrom(...INVALID_JSON)
      .map((payload) => ({ kind: 'raw' as const, contentType: JSON_TYPE, payload }));
    const unasked = fc
      .jsonValue({ maxDepth: 2 })
      .map((value) => ({ kind: 'json' as const, value, contentType: JSON_TYPE }));
    if (this.form) {
      const damage = fc.oneof(
        fc.constantFrom<Damage>('no boundary', 'other boundary', 'broken part header'),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
      );
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(this.body(draw), damage).map(([b, d]) => ({ ...b, damage: d })),
        },
        { weight: 1, arbitrary: unasked },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      );
    }
    if (!this.json) return fc.oneof(unasked, invalidJson);
    const wrongType = fc
      .tuple(validValue(this.json, draw), fc.constantFrom(...WRONG_CONTENT_TYPES))
      .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType }));
    return fc.oneof(invalidJson, wrongType, fc.constant({ kind: 'none' as const }));
  }
}

/** `plan` with `value` put at a target (undefined removes what is there). */
function mutate(plan: Plan, target: Target, value: unknown): Plan {
  switch (target.where) {
    case 'path':
      return { ...plan, path: withValueAt(plan.path, target.path, value) };
    case 'query':
      return { ...plan, query: withValueAt(plan.query, target.path, value) };
    case 'body':
      return plan.body.kind === 'json'
        ? {
            ...plan,
            body: { ...plan.body, value: withValueAt(plan.body.value, target.path, value) },
          }
        : plan;
    case 'form':
      return plan.body.kind === 'form'
        ? {
            ...plan,
            body: { ...plan.body, fields: withValueAt(plan.body.fields, target.path, value) },
          }
        : plan;
    case 'file name': {
      if (plan.body.kind !== 'form') return plan;
      const [first, ...others] = plan.body.files;
      if (!first) return plan;
      return {
        ...plan,
        body: { ...plan.body, files: [{ ...first, fileName: asText(value) }, ...others] },
      };
    }
  }
}

/** A multipart/form-data body written by hand, so that names may hold quotes and line breaks. */
function multipartPayload(fields: unknown, files: FormFile[]): Buffer {
  const part = (disposition: string, type: string | null, content: string | Buffer) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}` +
        `${type ? `\r\nContent-Type: ${type}` : ''}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ];
  const entries = fields !== null && typeof fields === 'object' ? Object.entries(fields) : [];
  return Buffer.concat([
    ...entries.flatMap(([name, value]) => part(`name="${name}"`, null, asText(value))),
    ...files.flatMap((file) =>
      part(`name="${file.field}"; filename="${file.fileName}"`, file.contentType, file.content),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

function writeBody(body: BodyPlan): Pick<FuzzRequest, 'headers' | 'payload'> {
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return {
        headers: { 'content-type': body.contentType },
        payload: JSON.stringify(body.value) ?? 'null',
      };
    case 'raw':
      return { headers: { 'content-type': body.contentType }, payload: body.payload };
    case 'form': {
      const payload = multipartPayload(body.fields, body.files);
      const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
      const { damage } = body;
      if (typeof damage === 'number') {
        // Cut off early.
        const cut = payload.subarray(0, Math.floor(payload.length * damage));
        return { headers: { 'content-type': contentType }, payload: cut };
      }
      const headers = {
        none: contentType,
        'no boundary': 'multipart/form-data',
        'other boundary': 'multipart/form-data; boundary=other',
        'broken part header': contentType,
      };
      const written =
        damage === 'broken part header'
          ? Buffer.from(
              payload.toString('latin1').replace('Content-Disposition: form-data;', 'Cont'),
              'latin1',
            )
          : payload;
      return { headers: { 'content-type': headers[damage] }, payload: written };
    }
  }
}

/** The URL of a plan: path parameters in their places, then the query (arrays repeat). */
function writeUrl(operation: Operation, plan: Plan): string {
  const values = (plan.path ?? {}) as Record<string, unknown>;
  const path = operation.pathParams.reduce(
    (url, { name }) => url.replace(`{${name}}`, urlComponent(values[name])),
    operation.path,
  );
  const query =
    plan.query !== null && typeof plan.query === 'object' ? Object.entries(plan.query) : [];
  const pairs = query.flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `${encodeComponent(name)}=${urlComponent(item)}`,
    ),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/**
 * Requests for one operation, derived from its OpenAPI description alone: a valid-ish request,
 * then one mutation: an awkward character (NUL most often) in every free-text string, a bad value
 * (wrong type, awkward character, huge string, odd number) at one place, a required field missing,
 * an unexpected field, broken percent-encoding, or a wrong body (invalid JSON, a wrong content
 * type, none, damaged multipart). Each is sent by one of `callers`.
 */
export function requestArbitrary<Caller extends string>(
  operation: Operation,
  ids: KnownIds,
  callers: readonly Caller[],
): fc.Arbitrary<FuzzRequest<Caller>> {
  const shape = new OperationShape(operation);
  const draw: Draw = { ids };
  const targets = shape.targets();
  const required = targets.filter((target) => target.required);
  const extraWhere: Where[] = ['query', ...(shape.json ? ['body' as const] : [])];
  // Broken percent-encoding goes into a path parameter or a query parameter, known or not.
  const urlTargets: Target[] = [
    ...targets.filter((target) => target.where === 'path' || target.where === 'query'),
    { where: 'query', path: ['raw'], schema: {}, required: false },
  ];
  const anyKey = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...ODD_TEXTS));

  const mutations: fc.WeightedArbitrary<Plan>[] = [
    { weight: 2, arbitrary: shape.plan(draw) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant('\u0000'), fc.constantFrom(...AWKWARD_CHARACTERS)), fc.nat())
        .chain(([char, at]) => shape.plan({ ids, text: (text) => insertAt(text, at, char) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          shape.plan(draw),
          anyKey,
          fc.jsonValue({ maxDepth: 1 }),
          fc.constantFrom(...extraWhere),
        )
        .map(([plan, key, value, where]) =>
          mutate(plan, { where, path: [key], schema: {}, required: false }, value),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shape.plan(draw), fc.constantFrom(...urlTargets), fc.constantFrom(...RAW_URL_PIECES))
        .map(([plan, target, piece]) => mutate(plan, target, new RawUrlPiece(piece))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shape.plan(draw), shape.wrongBody(draw))
        .map(([plan, body]) => ({ ...plan, body })),
    },
  ];
  if (targets.length > 0) {
    const badAtTarget = fc
      .constantFrom(...targets)
      .chain((target) =>
        badValue(target.schema, draw, target.path.at(-1)).map((bad) => [target, bad] as const),
      );
    mutations.push({
      weight: 6,
      arbitrary: fc
        .tuple(shape.plan(draw), badAtTarget)
        .map(([plan, [target, bad]]) => mutate(plan, target, bad)),
    });
  }
  if (required.length > 0) {
    mutations.push({
      weight: 1,
      arbitrary: fc
        .tuple(shape.plan(draw), fc.constantFrom(...required))
        .map(([plan, target]) => mutate(plan, target, undefined)),
    });
  }

  return fc
    .record({ caller: fc.constantFrom(...callers), plan: fc.oneof(...mutations) })
    .map(({ caller, plan }) => {
      const url = writeUrl(operation, plan);
      const body = writeBody(plan.body);
      return {
        caller,
        method: operation.method,
        url,
        ...body,
        // fast-check prints a failing value with this; the test prints the request in full itself.
        [fc.toStringMethod]: () =>
          `${caller}: ${operation.method} ${url.slice(0, 200)} (${body.payload?.length ?? 0} B)`,
      };
    });
}
