import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.TEST_DB_BACKEND === 'postgresql' ? 'api (postgresql)' : 'api (pglite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
