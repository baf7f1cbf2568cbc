import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { sideMenu, signInThroughApi } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';
import { recordSessions } from './support/record-sessions.ts';
import { shotPath } from './support/shots.ts';

const HOUR_MS = 3_600_000;

/** Waits until the page's charts have drawn their last frame (two equal looks at the canvases). */
async function chartsSettled(page: Page) {
  await page.waitForFunction(
    () => {
      const canvases = Array.from(
        document.querySelectorAll<HTMLCanvasElement>('[role="img"] canvas'),
      );
      const now = canvases.map((canvas) => canvas.toDataURL()).join('|');
      const holder = window as unknown as { lastCharts?: string };
      const same = canvases.length > 0 && holder.lastCharts === now;
      holder.lastCharts = now;
      return same;
    },
    undefined,
    { polling: 250 },
  );
}

test('a member opens a biofeedback session of their own and sees its optimal zone', async ({
  page,
  request,
}) => {
  // Two widths, each signed in and charted: longer than a journey's default.
  test.setTimeout(90_000);
  const org = await buildOrg(request, { groups: [{ members: 1 }] });
  const member = org.groups[0]!.members[0]!;
  await recordSessions(request, member, [
    { type: 'biofeedback', sessionName: 'Evening calm', startedAt: new Date(Date.now() - HOUR_MS) },
    {
      type: 'mindfulness',
      sessionName: 'Body scan',
      startedAt: new Date(Date.now() - 2 * HOUR_MS),
    },
  ]);

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 1000 : 800 });
    if (width === 1440) {
      await signInThroughApi(page, member.email, { password: member.password });
      await sideMenu(page).getByRole('link', { name: 'Bio/Mindfulness' }).click();
    } else {
      await page.goto('/biofeedback');
    }
    const list = page.getByRole('table', { name: 'Your biofeedback sessions' });
    await expect(list.getByText('Evening calm')).toBeVisible();
    // Only this page's kind: the mindfulness session is on its own page.
    await expect(list.getByText('Body scan')).toHaveCount(0);
    await page.screenshot({ path: shotPath(test.info(), `my-sessions-list-${width}.png`) });

    await list.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Evening calm' })).toBeVisible();
    const oz = page.getByRole('region', { name: 'Optimal zone' });
    await expect(oz.getByRole('img', { name: /optimal zone/i })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Per-minute data of Evening calm' }).getByRole('row'),
    ).toHaveCount(4);
    // The chart draws once it is in view; a phone has it below the fold.
    await oz.scrollIntoViewIfNeeded();
    await chartsSettled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: shotPath(test.info(), `my-sessions-detail-${width}.png`),
      fullPage: true,
    });
  }
});
