import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure-function tests run in Node; a component test (*.test.tsx) asks for jsdom on its first
    // line. jsdom rather than happy-dom: it is the DOM Mantine and MSW document and test against,
    // and MSW intercepts Node's own fetch and jsdom's XMLHttpRequest (the upload) there.
    setupFiles: ['src/test-support/setup.ts'],
    // A whole screen renders in jsdom on a shared 2-core machine: seconds, not milliseconds.
    testTimeout: 60_000,
  },
});
