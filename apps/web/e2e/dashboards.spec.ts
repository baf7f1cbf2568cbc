import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import { DASHBOARD_METRICS } from '@resonant/contracts/analytics';
import { expectPath, sideMenu, signInThroughApi } from './support/app.ts';
import { DEMO } from './support/env.ts';
import { buildOrg } from './support/org-builder.ts';

const TRENDS = /^(Trending up|Trending down|No trend yet)$/;
/** A figure with one decimal in the browser's (en-US) locale. */
const FIGURE = /^\d{1,3}(,\d{3})*\.\d$/;

function bodyRows(table: Locator): Locator {
  return table.locator('tbody tr');
}

/** The text of one column's cells, in row order. */
async function columnTexts(table: Locator, column: number): Promise<string[]> {
  const cells = await bodyRows(table)
    .locator(`td:nth-child(${column + 1})`)
    .allInnerTexts();
  return cells.map((cell) => cell.trim());
}

/** Clicks a sortable header and waits until the table says it is sorted that way. */
async function sortBy(table: Locator, header: string, order: 'ascending' | 'descending') {
  const columnHeader = table.getByRole('columnheader', { name: header, exact: true });
  await columnHeader.getByRole('button').click();
  await expect(columnHeader).toHaveAttribute('aria-sort', order);
}

const figureOf = (text: string) => Number(text.replaceAll(',', ''));

/** The six metric cards carry numbers: the demo data and the built orgs' members have readings. */
async function expectSixFigures(page: Page) {
  for (const { label } of DASHBOARD_METRICS) {
    const card = page.getByRole('group', { name: label, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('metric-value')).toHaveText(FIGURE);
  }
}

test.describe('org admin', () => {
  test('sees the averages and the groups trend, pages it, and opens a group', async ({
    page,
    request,
  }) => {
    // An organisation of its own, as opening a group switches its admin into that group.
    const { admin, groups: built } = await buildOrg(request, {
      groups: [
        { name: 'Engineering', members: 6 },
        { name: 'Leadership', members: 1 },
        { name: 'Operations', members: 1 },
      ],
      readingsPerMember: 3,
    });
    await signInThroughApi(page, admin.email, { password: admin.password });
    await expectPath(page, '/org');
    await expectSixFigures(page);
    await expect(page.getByRole('img', { name: /^Bar chart of average RMSSD/ })).toBeVisible();

    const groups = page.getByRole('table', { name: 'Groups with their HRV Trend' });
    await expect(groups.getByRole('columnheader')).toHaveText([
      'Trend',
      'Group',
      'Latest',
      'Previous',
      'Last week',
      'Last month',
      'All time',
    ]);
    await expect(bodyRows(groups).filter({ hasText: 'Engineering' })).toHaveCount(1);
    const rowCount = await bodyRows(groups).count();
    expect(rowCount).toBeGreaterThanOrEqual(3);
    expect(rowCount).toBeLessThanOrEqual(5);
    for (const trend of await groups.getByRole('img').all()) {
      await expect(trend).toHaveAccessibleName(TRENDS);
    }

    // Page size: 5 by default, the SPEC §9 choices, and a new size asks the server for that page.
    const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
    await expect(pageSize).toHaveValue('5');
    await pageSize.click();
    await expect(page.getByRole('option')).toHaveText(['5', '10', '20', '40', '50', '100']);
    const tenRows = page.waitForRequest(
      (request) =>
        request.url().includes('/api/hrv_analytics/org_groups_trends') &&
        new URL(request.url()).searchParams.get('limit') === '10' &&
        new URL(request.url()).searchParams.get('offset') === '0',
    );
    await page.getByRole('option', { name: '10', exact: true }).click();
    await tenRows;
    await expect(pageSize).toHaveValue('10');
    await expect(bodyRows(groups)).toHaveCount(rowCount);

    // The Group header sorts by name on the server: ascending (the list's own order), then reversed.
    await sortBy(groups, 'Group', 'ascending');
    await expect
      .poll(() => columnTexts(groups, 1))
      .toEqual(['Engineering', 'Leadership', 'Operations']);
    const reversed = page.waitForRequest(
      (request) =>
        request.url().includes('/api/hrv_analytics/org_groups_trends') &&
        new URL(request.url()).searchParams.get('sort') === 'name' &&
        new URL(request.url()).searchParams.get('order') === 'desc',
    );
    await sortBy(groups, 'Group', 'descending');
    await reversed;
    await expect
      .poll(() => columnTexts(groups, 1))
      .toEqual(['Operations', 'Leadership', 'Engineering']);

    // A row switches into its group: the group dashboard with its users' trends.
    await bodyRows(groups).filter({ hasText: 'Engineering' }).click();
    await expectPath(page, '/group');
    await expect(sideMenu(page).getByText('Engineering', { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toBeVisible();
    await expectSixFigures(page);
    const users = page.getByRole('table', { name: 'Users with their HRV Trend' });
    await expect(users.getByRole('columnheader')).toHaveText([
      'Trend',
      'Name',
      'Last reading',
      'Population average',
      'Latest',
      'Yesterday',
      'Last week',
      'Last month',
      'All time',
    ]);
    await expect(bodyRows(users)).toHaveCount(5);

    // Name sorts by last name; the first page holds the group's first (then last) five that way.
    const engineering = built.find((group) => group.name === 'Engineering')!;
    const people = [...engineering.admins, ...engineering.members];
    const byLastName = people
      .toSorted((a, b) => a.lastName.localeCompare(b.lastName))
      .map((person) => person.fullName);
    await sortBy(users, 'Name', 'ascending');
    await expect.poll(() => columnTexts(users, 1)).toEqual(byLastName.slice(0, 5));
    await sortBy(users, 'Name', 'descending');
    await expect.poll(() => columnTexts(users, 1)).toEqual(byLastName.toReversed().slice(0, 5));

    // All time sorts by the figure; the group admin, without readings, is on neither first page.
    await sortBy(users, 'All time', 'ascending');
    await expect.poll(() => columnTexts(users, 8)).not.toContain('—');
    const ascending = (await columnTexts(users, 8)).map(figureOf);
    expect(ascending).toEqual(ascending.toSorted((a, b) => a - b));
    await sortBy(users, 'All time', 'descending');
    await expect
      .poll(async () => (await columnTexts(users, 8)).map(figureOf))
      .not.toEqual(ascending);
    const descending = (await columnTexts(users, 8)).map(figureOf);
    expect(descending).toEqual(descending.toSorted((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0]!);

    await sideMenu(page).getByRole('button', { name: 'Back to Org' }).click();
    await expectPath(page, '/org');
    await expect(page.getByRole('table', { name: 'Groups with their HRV Trend' })).toBeVisible();
  });
});

test('a group admin follows a user from the dashboard to all their readings', async ({ page }) => {
  await signInThroughApi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await expect(sideMenu(page).getByText('Engineering', { exact: true })).toBeVisible();
  // can_switch_to_org is false for a group admin.
  await expect(sideMenu(page).getByRole('button', { name: 'Back to Org' })).toHaveCount(0);
  await expectSixFigures(page);
  const trends = page.getByRole('table', { name: 'Users with their HRV Trend' });
  await expect(bodyRows(trends)).toHaveCount(5);

  // The trends table opens a profile directly.
  const firstName = (await bodyRows(trends).first().getByRole('cell').nth(1).innerText()).trim();
  await bodyRows(trends).first().click();
  await expect(page).toHaveURL(/\/group\/participants\/profile\?userId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: firstName })).toBeVisible();

  // The Users page: one table of the group's users with the group-admin flag and their HRV; a
  // name opens that user's profile.
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/group/participants');
  const participants = page.getByRole('table', { name: 'Users of the group' });
  await expect(
    bodyRows(participants).filter({ hasText: 'Gabriel Lead' }).getByText('Group Admin'),
  ).toBeVisible();
  const member = bodyRows(participants).filter({ hasNotText: 'Gabriel Lead' }).first();
  const memberName = (await member.getByRole('cell').first().innerText()).trim();
  await member.getByRole('link', { name: memberName }).click();
  await expect(page).toHaveURL(/\/group\/participants\/profile\?userId=[0-9a-f-]{36}$/);
  const profileUrl = page.url();

  await expect(page.getByRole('heading', { level: 2, name: memberName })).toBeVisible();
  await expectSixFigures(page);
  const latest = page.getByRole('table', { name: 'Latest readings' });
  await expect(bodyRows(latest)).toHaveCount(5);
  await expect(latest.getByRole('columnheader')).toHaveText([
    'Date/time',
    'RMSSD (ms)',
    'SDNN (ms)',
    'Mean HR (bpm)',
    'LF (ms²)',
    'HF (ms²)',
    'Quality',
    'Tags',
  ]);

  // Eight months of readings: more than 5, so View All leads to every one of them.
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(
    profileUrl.replace('/group/participants/profile', '/group/participants/readings'),
  );
  const all = page.getByRole('table', { name: 'All readings' });
  await expect(bodyRows(all)).toHaveCount(20);
  await expect(page.getByText(/^1–20 of \d{3,}$/)).toBeVisible();
  const firstReading = await bodyRows(all).first().innerText();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText(/^21–40 of \d{3,}$/)).toBeVisible();
  await expect(bodyRows(all).first()).not.toHaveText(firstReading);
});

test('the group area shows no user for a link without one', async ({ page }) => {
  await signInThroughApi(page, DEMO.groupAdmin);
  await expectPath(page, '/group');
  await page.goto('/group/participants/profile?userId=nobody');
  await expect(page.getByText('No user to show')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
  await expectPath(page, '/group/participants');
  await expect(page.getByRole('table', { name: 'Users of the group' })).toBeVisible();
});
