import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one automatic guard: every journey runs under the server's
 * Content-Security-Policy, and any violation Chromium reports on any page of the test (a blocked
 * inline script, eval, style or connection) fails it.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // Chromium does not always print a violation (a caught eval probe, say) to the console; the
      // DOM event is fired for every one.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI}`,
          );
        });
      });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
