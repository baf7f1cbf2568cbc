import { expect, test } from './support/test.ts';
import { expectPath, signInViaUi } from './support/app.ts';
import { DEMO } from './support/env.ts';

// Every journey fails on a CSP violation (support/test.ts); these prove the policy is really served
// and really enforced, so that guard can never pass for want of a policy.
test.describe('Content-Security-Policy', () => {
  test('the auth screen and the org dashboard run under it', async ({ page }, testInfo) => {
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('auth-screen.png') });

    await signInViaUi(page, DEMO.orgAdmin);
    await expectPath(page, '/org');
    await expect(page.getByRole('img', { name: /^Bar chart of average RMSSD/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('org-dashboard.png'), fullPage: true });
  });

  test('refuses an injected inline script and reports it', async ({ browser }) => {
    // A context of its own: the violation provoked here must not fail this test through the guard.
    const context = await browser.newContext();
    const page = await context.newPage();
    const reports: string[] = [];
    page.on('console', (message) => reports.push(message.text()));
    await page.goto('/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.append(script);
      return (window as { injectedScriptRan?: boolean }).injectedScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => reports.some((text) => /Content Security Policy/.test(text)))
      .toBe(true);
    await context.close();
  });
});
