import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_ERROR_MESSAGE } from '@resonant/contracts/errors';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The causes are refused before the database (plugins/storable-text.ts, the contracts); this net
// catches a value that slips past them, without hiding a real server fault.
describe('a database error caused by a value the client sent', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      extraRoutes: (app) => {
        const probe = (url: string, query: () => Promise<unknown>) =>
          app.get(url, { config: { permission: 'public' } }, async () => {
            await query();
            return { ok: true };
          });
        probe('/api/test/nul-text', () => t.db.execute(sql`select ${'a\u0000b'}::text`));
        probe('/api/test/huge-int', () => t.db.execute(sql`select ${'99999999999'}::int`));
        probe('/api/test/not-a-uuid', () => t.db.execute(sql`select ${'nope'}::uuid`));
        probe('/api/test/no-table', () => t.db.execute(sql`select * from no_such_table`));
      },
    });
  });
  afterAll(() => t.close());

  it.each(['/api/test/nul-text', '/api/test/huge-int', '/api/test/not-a-uuid'])(
    '%s answers 400 with a message',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'A value in the request cannot be stored' });
    },
  );

  it('leaves a server fault a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/no-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: FALLBACK_ERROR_MESSAGE });
  });
});
