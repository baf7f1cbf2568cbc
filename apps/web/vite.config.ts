import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const VENDOR_CHUNKS: [chunk: string, packages: RegExp][] = [
  ['react', /node_modules\/(react|react-dom|react-router|scheduler)\//],
  ['mantine', /node_modules\/(@mantine\/[^/]+|dayjs)\//],
  ['query', /node_modules\/@tanstack\//],
  ['zod', /node_modules\/zod\//],
];

function vendorChunk(id: string): string | undefined {
  return VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0];
}

const apiProxy = {
  '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true },
};

export default defineConfig({
  // Resolved from this file so the build works from the repo root as well as from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        manualChunks: (id: string) => vendorChunk(id),
      },
    },
  },
});
