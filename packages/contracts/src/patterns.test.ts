import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { PersonName, passedSoFar, patternAfterLength } from './fields.ts';

/**
 * Zod's formats of a fixed shape (a UUID, an ISO date or time): their patterns have no nested or
 * overlapping repetition, so they are linear whatever the input's length.
 */
const FIXED_SHAPE_FORMATS = new Set(['uuid', 'guid', 'datetime', 'date', 'time', 'duration']);

interface Internals {
  _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: Internals['_zod'] }[] } };
}

const isSchema = (value: unknown): value is Internals =>
  typeof value === 'object' && value !== null && '_zod' in value;

const isLengthCheck = (check: Internals) =>
  ['max_length', 'length_equals'].includes(check._zod.def.check as string);

/** Whether a check stops the schema at an input longer than it allows. */
function boundsLength(check: Internals) {
  return isLengthCheck(check) && check._zod.def.abort === true;
}

/** The patterns of one string schema that could run on an input of any length. */
function unboundedPatterns(schema: Internals, boundedByPipe: boolean): string[] {
  const { def } = schema._zod;
  if (def.type !== 'string') return [];
  const steps: Internals[] = [schema, ...(def.checks ?? [])];
  let bounded = boundedByPipe;
  let lengthChecked = boundedByPipe;
  const found: string[] = [];
  for (const step of steps) {
    const own = step._zod.def;
    if (boundsLength(step)) bounded = true;
    if (isLengthCheck(step)) lengthChecked = true;
    const format = own.format as string | undefined;
    // A pattern may also run only once the checks before it, a length check among them, passed.
    const guarded = bounded || (lengthChecked && own.when === passedSoFar);
    if (own.pattern instanceof RegExp && !FIXED_SHAPE_FORMATS.has(format ?? '') && !guarded) {
      found.push(`${format}: ${String(own.pattern)}`);
    }
  }
  return found;
}

/**
 * Whether the input side of a pipe bounds the length: a pipe never runs its output side on an
 * input that had an issue, so any length check there will do (through a transform, too).
 */
function pipeInputBounded(schema: Internals): boolean {
  const { def } = schema._zod;
  if (def.type === 'pipe' && isSchema(def.in)) return pipeInputBounded(def.in);
  return (def.checks ?? []).some(isLengthCheck);
}

/** Every pattern reachable from a schema that is not behind a length check. */
function findUnbounded(root: Internals, name: string): string[] {
  const seen = new Set<Internals>();
  const found: string[] = [];
  const visit = (schema: Internals, where: string, boundedByPipe: boolean) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    found.push(...unboundedPatterns(schema, boundedByPipe).map((pattern) => `${where} ${pattern}`));
    const { def } = schema._zod;
    if (def.type === 'pipe' && isSchema(def.in) && isSchema(def.out)) {
      visit(def.in, where, boundedByPipe);
      visit(def.out, where, boundedByPipe || pipeInputBounded(def.in));
      return;
    }
    for (const [key, value] of Object.entries(def)) {
      if (key === 'checks') continue;
      const children = Array.isArray(value) ? value : isSchema(value) ? [value] : [];
      const shape =
        key === 'shape' && value && typeof value === 'object' ? Object.entries(value) : [];
      for (const child of children) if (isSchema(child)) visit(child, where, false);
      for (const [field, child] of shape)
        if (isSchema(child)) visit(child, `${where}.${field}`, false);
    }
  };
  visit(root, name, false);
  return found;
}

const sourceDir = import.meta.dirname;
const modules = fs
  .readdirSync(sourceDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

describe('the patterns of the contracts', () => {
  it('run only on input whose length a check has bounded first (it stops the schema)', async () => {
    const unbounded: string[] = [];
    for (const file of modules) {
      const exports = (await import(path.join(sourceDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (isSchema(value)) unbounded.push(...findUnbounded(value, `${file} ${name}`));
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('guarded by patternAfterLength, skip a value too long, and the form still reports at once', () => {
    const pattern = /^[a-z]*$/;
    let runs = 0;
    const counted = new Proxy(pattern, {
      get: (target, key) => {
        if (key === 'test') runs += 1;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const form = z
      .object({
        name: z.string().max(5, 'long').check(patternAfterLength(counted, 'bad')),
      })
      .and(z.object({ other: z.string({ error: 'other required' }) }));
    const issues = form.safeParse({ name: 'x'.repeat(100_000) }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['long', 'other required']);
    expect(runs).toBe(0);
    expect(form.safeParse({ name: 'abc', other: 'x' }).success).toBe(true);
    expect(runs).toBe(1);
    expect(PersonName('First name', 50).safeParse('Ana!').error?.issues[0]?.message).toBe(
      'Invalid characters',
    );
  });
});
