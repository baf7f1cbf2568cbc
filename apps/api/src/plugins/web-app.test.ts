import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Resonant</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const ENTRY_JS = `export const greeting = ${JSON.stringify('Resonant '.repeat(200))};\n`;
const ROBOTS_TXT = 'User-agent: *\nAllow: /$\nDisallow: /\n';

/**
 * A build as Vite and vite-plugin-compression2 leave it: each text file beside its .br and .gz,
 * the hashed ones under assets/, robots.txt copied from public/.
 */
function writeBuild(dir: string) {
  const files = {
    'index.html': INDEX_HTML,
    'assets/index-abc123.js': ENTRY_JS,
    'robots.txt': ROBOTS_TXT,
  };
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}

/** The body as the browser reads it, decoded by the encoding the answer names. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  expect(encoding).toBeUndefined();
  return raw.toString();
}

const encodings = [
  { accept: 'gzip, deflate, br, zstd', sent: 'br' },
  { accept: 'gzip', sent: 'gzip' },
  { accept: undefined, sent: undefined },
];

describe('the web app, compressed and cached', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-web-dist-'));
  let t: TestApp;
  const get = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });

  beforeAll(async () => {
    writeBuild(webDist);
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe.each(encodings)('asked for $accept', ({ accept, sent }) => {
    it.each(['/', '/org/users?userId=42'])('sends index.html for %s, revalidated', async (url) => {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe(sent);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoded(response)).toBe(INDEX_HTML);
    });

    it('sends a hashed asset, cached for a year and never revalidated', async () => {
      const response = await get('/assets/index-abc123.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['content-encoding']).toBe(sent);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response)).toBe(ENTRY_JS);
    });
  });

  it('compresses the asset several times over', async () => {
    const plain = await get('/assets/index-abc123.js');
    const brotli = await get('/assets/index-abc123.js', 'br, gzip');
    expect(brotli.rawPayload.length * 10).toBeLessThan(plain.rawPayload.length);
  });

  it('sends robots.txt, not the app, cached for an hour', async () => {
    const response = await get('/robots.txt', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(decoded(response)).toBe(ROBOTS_TXT);
  });

  it.each(['/assets/index-old999.js', '/favicon.ico', '/org/report.csv'])(
    'answers a file not in the build, %s, with a 404 rather than the app',
    async (url) => {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    },
  );

  it('never serves a compressed variant at a URL of its own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/index.html.gz']) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });
});
