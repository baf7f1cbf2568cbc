import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'hrv', include: ['src/**/*.test.ts', 'bin/**/*.test.ts'], passWithNoTests: true },
});
