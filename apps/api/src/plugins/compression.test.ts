import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg } from '../../test/org-builder.ts';

describe('compressed API answers', () => {
  let t: TestApp;
  let token: string;
  const get = (url: string, accept?: string, bearer?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(accept ? { 'accept-encoding': accept } : {}),
        ...(bearer ? t.bearer(bearer) : {}),
      },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await buildOrg(t, {
      people: { owner: { orgAdmin: true }, member: { groups: ['Default'] } },
      signIn: ['owner'],
    });
    token = org.tokens.owner;
  });
  afterAll(() => t.close());

  it.each([
    { accept: 'gzip, deflate, br, zstd', sent: 'br', decode: zlib.brotliDecompressSync },
    { accept: 'gzip', sent: 'gzip', decode: zlib.gunzipSync },
  ])('sends a JSON answer over 1 KiB as $sent when asked for $accept', async (each) => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const response = await get('/api/docs/json', each.accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(each.sent);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(each.decode(response.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });

  it('streams a CSV download compressed, the same file once decoded', async () => {
    const url = '/api/reports/readings.csv?members=all';
    const plain = await get(url, undefined, token);
    expect(plain.statusCode).toBe(200);
    const response = await get(url, 'gzip', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload)).toEqual(plain.rawPayload);
  });
});
