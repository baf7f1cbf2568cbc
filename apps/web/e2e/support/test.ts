import { test as base, expect } from '@playwright/test';
import { AxeGuard, describeViolations } from './axe-guard.ts';
import { AXE_REPORT, addToAxeReport } from './axe-report.ts';

/**
 * Playwright's test with two automatic guards. Every journey runs under the server's
 * Content-Security-Policy, and any violation Chromium reports on any page of the test (a blocked
 * inline script, eval, style or connection) fails it. And axe-core checks every page and every
 * dialog, menu and listbox the journey reaches against WCAG 2.2 A and AA (support/axe-guard.ts):
 * any violation fails it, or, with AXE_REPORT set, is counted in that file instead.
 */
export const test = base.extend<{ cspGuard: void; axeGuard: void }>({
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
  axeGuard: [
    async ({ context }, use, testInfo) => {
      const guard = new AxeGuard();
      await guard.attach(context);
      await use();
      // A test that failed already is not checked again: its end state is no page of the journey.
      if (testInfo.status === testInfo.expectedStatus) await guard.finish(context);
      if (AXE_REPORT) {
        addToAxeReport(AXE_REPORT, guard, testInfo.titlePath.slice(1).join(' › '));
        return;
      }
      expect(guard.errors, 'axe could not check').toEqual([]);
      expect(describeViolations(guard.violations), 'axe: WCAG 2.2 A/AA violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
