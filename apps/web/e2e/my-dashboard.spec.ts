import { expect, test } from './support/test.ts';
import { DASHBOARD_METRICS } from '@resonant/contracts/analytics';
import { expectPath, signInThroughApi } from './support/app.ts';
import { DEMO } from './support/env.ts';
import { shotPath } from './support/shots.ts';

/** The chart's accessible name when the baseline line and the band have days to draw. */
const CHART =
  /^Line chart of your last 90 days: morning RMSSD on [1-9]\d* days, the 7-day baseline on [1-9]\d* days, the normal range on [1-9]\d* days\.$/;

test('a demo member sees their own dashboard with baseline and normal range', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, DEMO.member);
  await expectPath(page, '/user');

  const headline = page.getByRole('region', { name: 'Your latest morning' });
  await expect(headline.getByText(/^(Below|Within|Above) your normal range$/)).toBeVisible();
  await expect(page.getByText(/valid mornings this week/)).toBeVisible();
  for (const { label } of DASHBOARD_METRICS) {
    await expect(page.getByRole('group', { name: label, exact: true })).toBeVisible();
  }
  const chart = page.getByRole('img', { name: CHART });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  // The chart draws after ECharts' entry animation.
  await page.waitForTimeout(800);
  await page.screenshot({ path: shotPath(testInfo, 'my-dashboard-1440.png'), fullPage: true });

  await headline.getByRole('button', { name: 'How is this worked out?' }).click();
  const method = page.getByRole('dialog', { name: 'How is this worked out?' });
  await expect(method.getByText(/Plews DJ, Laursen PB, Le Meur Y/)).toBeVisible();
  await method.getByRole('button', { name: /close/i }).click();
  await expect(method).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await page.waitForTimeout(800);
  await page.screenshot({ path: shotPath(testInfo, 'my-dashboard-375.png'), fullPage: true });
});
