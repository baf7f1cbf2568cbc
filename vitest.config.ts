import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['scripts', 'packages/contracts', 'packages/hrv', 'apps/api', 'apps/web'],
    maxWorkers: 2,
  },
});
