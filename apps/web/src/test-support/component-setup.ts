import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { endSession } from '../lib/session.ts';
import { apiServer } from './api-server.ts';

// jsdom lays nothing out: Mantine asks for media queries and element sizes all the same. The tests
// ask for reduced motion, so Mantine's transitions end at once instead of on a timer that could
// fire after a test file's environment is gone.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView = () => {};

// findBy… and waitFor wait this long for an answer to render, on a busy machine too. Role queries
// skip jsdom's costly visibility walk; a test that cares asserts toBeVisible() itself.
configure({ asyncUtilTimeout: 5_000, defaultHidden: true });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  notifications.clean();
  // Each test starts signed out with an empty cache, whatever the last one left.
  endSession();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
