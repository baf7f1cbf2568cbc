import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import { expectPath, signInThroughApi } from './support/app.ts';
import { APP_ADMIN } from './support/env.ts';
import { buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

/** SPEC §9 range chips, in order; 30 days is chosen first. */
const RANGES = [
  'All Time',
  '90 days',
  '60 days',
  '30 days',
  '14 days',
  '7 days',
  'Yesterday',
  'Today',
];
const HEADERS = [
  'Organization',
  'Users',
  'Active users',
  'Readings',
  'Morning',
  'Anytime',
  'Biofeedback',
  'Mindfulness',
  'Self-compassion',
];
const column = (header: string) => HEADERS.indexOf(header);

/** One organisation of its own: one member with a morning reading on each of the last 3 days. */
function buildActiveOrg(page: Page) {
  return buildOrg(page.request, { groups: [{ members: 1 }], readingsPerMember: 3 });
}

async function openDashboard(page: Page) {
  await signInThroughApi(page, APP_ADMIN.email, { password: APP_ADMIN.password });
  await expectPath(page, '/admin');
}

function topOrgsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Top Organizations' });
}

/** A range chip's radio (visually hidden: the chip is its label). */
function rangeChip(page: Page, label: string): Locator {
  return page.getByRole('radiogroup', { name: 'Range' }).getByRole('radio', { name: label });
}

function chipLabels(page: Page): Locator {
  return page.getByRole('radiogroup', { name: 'Range' }).locator('label');
}

function orgRow(table: Locator, name: string): Locator {
  return table.locator('tbody tr').filter({ hasText: name });
}

/** One cell of an organisation's row, by its column header. */
function cell(table: Locator, name: string, header: string): Locator {
  return orgRow(table, name).locator('td').nth(column(header));
}

/** A count as the table writes it ("1,234", "123K") back to a number, for order checks. */
function countOf(text: string): number {
  const units: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  const match = /^([\d.,]+)([KMBT]?)$/.exec(text.trim());
  if (!match) throw new Error(`not a count: ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * (units[match[2]!] ?? 1);
}

async function columnCounts(table: Locator, header: string): Promise<number[]> {
  const texts = await table.locator(`tbody tr td:nth-child(${column(header) + 1})`).allInnerTexts();
  return texts.map(countOf);
}

const descending = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! >= value);
const ascending = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! <= value);

/** Shows up to 100 organisations, so the journey's own is on the page however many exist. */
async function showHundredRows(page: Page) {
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(pageSize).toHaveValue('10');
  await pageSize.click();
  await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '100']);
  await page.getByRole('option', { name: '100', exact: true }).click();
  await expect(pageSize).toHaveValue('100');
}

async function chooseRange(page: Page, label: string, value: string) {
  await chipLabels(page).getByText(label, { exact: true }).click();
  await expect(rangeChip(page, label)).toBeChecked();
  await expect(page).toHaveURL((url) => url.searchParams.get('range') === value);
}

test.describe('app admin dashboard', () => {
  test('the range chips change the table and the URL, and a reload keeps them', async ({
    page,
  }) => {
    const org = await buildActiveOrg(page);
    await openDashboard(page);
    const table = topOrgsTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(HEADERS);
    await expect(orgRow(table, 'Demo Org')).toHaveCount(1);
    await expect(
      page.getByRole('img', { name: /^Bar chart of the organizations' activity/ }),
    ).toBeVisible();

    // 30 days first, not yet in the URL; the other chips are there in SPEC order.
    await expect(chipLabels(page)).toHaveText(RANGES);
    await expect(page.getByRole('radiogroup', { name: 'Range' }).getByRole('radio')).toHaveCount(8);
    await expect(rangeChip(page, '30 days')).toBeChecked();
    await expectPath(page, '/admin');

    await showHundredRows(page);
    await expect(cell(table, org.name, 'Readings')).toHaveText('3');
    await expect(cell(table, org.name, 'Active users')).toHaveText('1');
    // The org admin, the group admin and the member.
    await expect(cell(table, org.name, 'Users')).toHaveText('3');

    // Today holds at most the latest of the three readings; the demo's history ends yesterday.
    await chooseRange(page, 'Today', 'today');
    await expect(cell(table, org.name, 'Readings')).toHaveText(/^[01]$/);
    await expect(cell(table, org.name, 'Users')).toHaveText('3');
    const demoToday = await cell(table, 'Demo Org', 'Readings').innerText();

    await chooseRange(page, 'All Time', 'all_time');
    await expect(cell(table, org.name, 'Readings')).toHaveText('3');
    await expect(cell(table, org.name, 'Morning')).toHaveText('3');
    await expect(cell(table, 'Demo Org', 'Readings')).not.toHaveText(demoToday);
    const demoAllTime = countOf(await cell(table, 'Demo Org', 'Readings').innerText());
    expect(demoAllTime).toBeGreaterThan(countOf(demoToday));

    await page.reload();
    await expect(rangeChip(page, 'All Time')).toBeChecked();
    await expect(page).toHaveURL((url) => url.searchParams.get('range') === 'all_time');
    await expect(cell(table, 'Demo Org', 'Readings')).not.toHaveText(demoToday);
  });

  test('sorts by active users first, by a header click after, and a row opens its organization', async ({
    page,
  }) => {
    const org = await buildActiveOrg(page);
    await openDashboard(page);
    const table = topOrgsTable(page);
    const activeUsers = table.getByRole('columnheader', { name: 'Active users' });
    await expect(activeUsers).toHaveAttribute('aria-sort', 'descending');
    await expect(orgRow(table, 'Demo Org')).toHaveCount(1);
    expect(descending(await columnCounts(table, 'Active users'))).toBe(true);

    const readings = table.getByRole('columnheader', { name: 'Readings', exact: true });
    const ascendingRequest = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/analytics/top_orgs_by_users') &&
        (request.postDataJSON() as { sort_field: string; sort_order: string }).sort_field ===
          'total_readings' &&
        (request.postDataJSON() as { sort_order: string }).sort_order === 'asc',
    );
    await readings.getByRole('button').click();
    await ascendingRequest;
    await expect(readings).toHaveAttribute('aria-sort', 'ascending');
    await expect(activeUsers).toHaveAttribute('aria-sort', 'none');
    await expect.poll(async () => ascending(await columnCounts(table, 'Readings'))).toBe(true);

    await readings.getByRole('button').click();
    await expect(readings).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => descending(await columnCounts(table, 'Readings'))).toBe(true);
    // The demo has months of readings: the most of any organisation, first now.
    await expect(table.locator('tbody tr').first()).toContainText('Demo Org');

    // A third click goes back to the default order.
    await readings.getByRole('button').click();
    await expect(activeUsers).toHaveAttribute('aria-sort', 'descending');
    await expect(readings).toHaveAttribute('aria-sort', 'none');

    await showHundredRows(page);
    await orgRow(table, org.name).click();
    await expectPath(page, '/admin/organization', `?orgId=${org.id}`);
  });

  test('fits a desktop and a phone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page);
    const table = topOrgsTable(page);
    await expect(orgRow(table, 'Demo Org')).toHaveCount(1);
    const chart = page.getByRole('img', { name: /^Bar chart of the organizations' activity/ });
    await expect(chart).toBeVisible();
    // The chart draws after ECharts' entry animation.
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath(testInfo, 'admin-dashboard-1440.png'), fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(chart).toBeVisible();
    await expect(chipLabels(page).getByText('Today', { exact: true })).toBeInViewport();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await page.waitForTimeout(800);
    await page.screenshot({ path: shotPath(testInfo, 'admin-dashboard-375.png'), fullPage: true });
  });
});
