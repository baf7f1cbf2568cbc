import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.TEST_DB_BACKEND === 'postgresql' ? 'api (postgresql)' : 'api (pglite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own cloned database, so the files of one worker can
    // share the imported modules: importing the app once per worker instead of once per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
