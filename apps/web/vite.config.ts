import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const apiProxy = {
  '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true },
};

export default defineConfig({
  // Resolved from this file so the build works from the repo root as well as from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Every text file of the build also as .br and .gz at the strongest settings (brotli 11,
    // gzip 9): compressed once here and sent as they are (@fastify/static's preCompressed), so
    // the server never compresses a file of the build per request, not even one too small to
    // shrink. The manifest is read by the size check, never served.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:html|css|js|json|svg|txt)$/,
      exclude: /(?:^|\/)\.vite\//,
      skipIfLargerOrEqual: false,
    }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the chunks each page imports, read by the size check (.size-limit.mjs).
    manifest: true,
    rolldownOptions: {
      // Building a zod schema has no side effects: a contract module the first load imports for a
      // constant or a message leaves its unused schemas, and zod with them, out of the bundle. So
      // every `z.…()` whose result goes unused is dropped: zod's settings are made with an imported
      // `config` (lib/jitless-validation.ts), never `z.config(…)`.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Libraries the first page load needs anyway stay cached across releases in one file;
          // everything else is split by the import graph, so each lazy page fetches only what
          // it uses of Mantine, zod and the rest.
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
});
