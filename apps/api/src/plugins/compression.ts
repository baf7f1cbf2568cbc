import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Compresses answers on the fly (@fastify/compress) when the client asks: JSON answers of 1 KiB
 * or more, the CSV downloads as they stream, the API docs. The web app's own files arrive
 * already compressed from the build (plugins/web-app.ts), so this skips them. Brotli or gzip
 * only: the same two encodings the build writes, on every Node version (zstd would depend on
 * Node's). Request bodies are read as sent: no route accepts a compressed upload.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    globalCompression: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
});
