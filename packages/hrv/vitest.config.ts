import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'hrv', include: ['src/**/*.test.ts'], passWithNoTests: true },
});
