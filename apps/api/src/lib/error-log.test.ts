import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { serializeError } from './error-log.ts';

// Issue 27: a failed statement logged its parameters (people's data, password hashes).
describe('serializeError', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function failure(statement: ReturnType<typeof sql>) {
    try {
      await t.db.execute(statement);
    } catch (error) {
      return error as Error;
    }
    throw new Error('the statement did not fail');
  }

  it('keeps the SQL and the database error of a failed statement, not the values bound to it', async () => {
    const error = await failure(
      sql`insert into no_such_table (email, hash) values (${'private.person@example.test'}, ${'$argon2id$secret'})`,
    );
    expect(String(error.message)).toContain('private.person@example.test');
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('private.person@example.test');
    expect(logged).not.toContain('$argon2id$secret');
    expect(logged).toContain('insert into no_such_table');
    expect(logged).toContain('params: 2 values, not logged');
    expect(logged).toContain('no_such_table');
  });

  it('leaves out the message of a data exception, which quotes the value refused', async () => {
    const error = await failure(sql`select ${'born 1990-13-45 private'}::date`);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('born 1990-13-45 private');
    expect(logged).toMatch(/SQLSTATE 22\w{3}: a value was refused \(not logged\)/);
  });

  it('serializes any other error as pino does', () => {
    const serialized = serializeError(new TypeError('plain failure'));
    expect(serialized).toMatchObject({ type: 'TypeError', message: 'plain failure' });
    expect(String(serialized.stack)).toContain('TypeError: plain failure');
  });
});
