import { readFile } from 'node:fs/promises';
import { csvRecords } from '../../api/src/lib/csv-records.ts';
import { expect, test } from './support/test.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generateRr } from '@resonant/hrv/synthetic';
import type { OrgMembersResponse } from '@resonant/contracts/org-users';
import {
  REPORTS_MAX_USERS_MESSAGE,
  REPORT_TAB_LABELS,
  type MemberReadingsResponse,
} from '@resonant/contracts/reports';
import { READINGS_CSV_COLUMNS } from '@resonant/contracts/reports-csv';
import { expectPath, signInThroughApi } from './support/app.ts';
import { DEMO, DEMO_PASSWORD } from './support/env.ts';
import { apiSession, buildOrg, signOut, type Person } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

/** A local calendar day `YYYY-MM-DD`, as the page's picker holds its range. */
function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The 1st of the month `back` months before this one, local midnight. */
const firstOfMonth = (back: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() - back, 1);
};

/** Mantine's calendar names a day 'D MMMM YYYY' (en). */
const calendarDayName = (date: Date) =>
  `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;

/** Morning readings of `member` at the given moments (clean synthetic RR, two minutes each). */
async function recordReadingsAt(request: APIRequestContext, member: Person, times: Date[]) {
  const session = await apiSession(request, member.email, member.password);
  for (const [index, takenAt] of times.entries()) {
    const response = await request.post('/api/v1/readings', {
      headers: session.headers,
      data: {
        clientId: `e2e-old-${member.id}-${index}`,
        takenAt: takenAt.toISOString(),
        kind: 'morning',
        rr: Array.from(generateRr({ seed: 7000 + index, durationS: 120, ectopicRate: 0 })),
      },
    });
    expect(response.ok(), `reading at ${takenAt.toISOString()}: ${await response.text()}`).toBe(
      true,
    );
  }
  await signOut(request, session);
}

/** A day of the open calendar, paging months with `towards` until it shows. */
async function calendarDay(page: Page, date: Date, towards: 'Previous month' | 'Next month') {
  const day = page.getByRole('button', { name: calendarDayName(date), exact: true });
  for (let month = 0; month < 24 && !(await day.isVisible()); month++) {
    await page.getByRole('button', { name: towards }).click();
  }
  return day;
}

function usersField(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Users' });
}

/** Picks a user in the Reports Search user field by their name. */
async function pickUser(page: Page, name: string) {
  await usersField(page).click();
  await usersField(page).fill(name);
  await page.getByRole('option', { name }).click();
}

function timeChart(page: Page): Locator {
  return page.getByRole('img', { name: /^Time Domain line chart/ });
}

function timeLegend(page: Page): Locator {
  return page.getByRole('group', { name: 'Time Domain legend' });
}

/**
 * The bounds the page sends for the picked days: the local midnight starting the first day and
 * the end of the last, each with the browser's offset (the API reads plain dates in the
 * organisation's zone instead).
 */
function expectRangeSent(query: URLSearchParams, range: { from: string; to: string }) {
  const offset = '(Z|[+-]\\d{2}:\\d{2})$';
  expect(query.get('from')).toMatch(new RegExp(`^${range.from}T00:00:00\\.000${offset}`));
  expect(query.get('to')).toMatch(new RegExp(`^${range.to}T23:59:59\\.999${offset}`));
}

/** How many readings GET /api/user/rmssd counts for each member with the page's bounds. */
async function apiRowCount(
  request: APIRequestContext,
  caller: Person,
  userIds: string[],
  sent: URLSearchParams,
): Promise<number> {
  const session = await apiSession(request, caller.email, caller.password);
  let total = 0;
  for (const userId of userIds) {
    const query = new URLSearchParams({
      user_id: userId,
      from: sent.get('from')!,
      to: sent.get('to')!,
      limit: '1',
    });
    const response = await request.get(`/api/user/rmssd?${query.toString()}`, session);
    expect(response.ok(), await response.text()).toBe(true);
    total += ((await response.json()) as MemberReadingsResponse).noOfRows;
  }
  await signOut(request, session);
  return total;
}

/** Every member the caller reaches (GET /api/v2/org/users). */
async function reachedMemberIds(request: APIRequestContext, caller: Person): Promise<string[]> {
  const session = await apiSession(request, caller.email, caller.password);
  const response = await request.get('/api/v2/org/users', session);
  expect(response.ok()).toBe(true);
  const ids = ((await response.json()) as OrgMembersResponse).list.map((member) => member.user_id);
  await signOut(request, session);
  return ids;
}

/**
 * Downloads the readings CSV for 'The picked users' or 'All members': its header and rows (read
 * with the app's one CSV reader) and the query the page sent for it.
 */
async function downloadReadingsCsv(page: Page, members: 'The picked users' | 'All members') {
  const sent = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/reports/readings.csv',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await page.getByRole('menuitem', { name: members }).click();
  const query = new URL((await sent).url()).searchParams;
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^morning-anytime readings data .*\.csv$/);
  const records: string[][] = [];
  for await (const record of csvRecords(await readFile(await download.path()))) {
    records.push(record.cells);
  }
  const [header, ...rows] = records;
  return { header, rows, query };
}

/**
 * One reports journey: pick two members and Apply, see both series, hide one with its legend
 * button, narrow the dates to months with only older readings, download both CSVs and check them
 * against the API, and be refused a sixth user.
 */
async function readingsJourney(
  page: Page,
  request: APIRequestContext,
  caller: Person,
  members: Person[],
  reportsPath: string,
) {
  const [first, second] = members as [Person, Person];
  await signInThroughApi(page, caller.email, {
    password: caller.password,
    redirectTo: reportsPath,
  });
  await expectPath(page, reportsPath);
  for (const label of Object.values(REPORT_TAB_LABELS)) {
    await expect(page.getByRole('tab', { name: label })).toBeVisible();
  }
  await expect(page.getByText('No users applied')).toBeVisible();

  await pickUser(page, first.fullName);
  await pickUser(page, second.fullName);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('users') === `${first.id},${second.id}`,
  );
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  // Both members' series, each with the three readings of the last days.
  await expect(timeChart(page)).toHaveAccessibleName(
    new RegExp(
      `${first.fullName} · RMSSD \\(3 points\\).*${second.fullName} · RMSSD \\(3 points\\)`,
    ),
  );
  await expect(page.getByRole('img', { name: /^Frequency Domain line chart/ })).toBeVisible();

  // A legend button hides its series, and shows it again.
  const secondRmssd = timeLegend(page).getByRole('button', { name: `${second.fullName} · RMSSD` });
  await expect(secondRmssd).toHaveAttribute('aria-pressed', 'true');
  await secondRmssd.click();
  await expect(secondRmssd).toHaveAttribute('aria-pressed', 'false');
  await expect(timeChart(page)).not.toHaveAccessibleName(new RegExp(`${second.fullName} · RMSSD `));
  await expect(timeChart(page)).toHaveAccessibleName(new RegExp(`${first.fullName} · RMSSD `));
  await secondRmssd.click();
  await expect(timeChart(page)).toHaveAccessibleName(new RegExp(`${second.fullName} · RMSSD `));

  // The CSVs of the default range (the last 8 months): the picked users, then everyone reached.
  const defaultFrom = new Date();
  defaultFrom.setMonth(defaultFrom.getMonth() - 8);
  const defaultRange = { from: dayOf(defaultFrom), to: dayOf(new Date()) };
  const picked = await downloadReadingsCsv(page, 'The picked users');
  expectRangeSent(picked.query, defaultRange);
  expect(picked.header).toEqual([...READINGS_CSV_COLUMNS]);
  expect(picked.rows).toHaveLength(
    await apiRowCount(request, caller, [first.id, second.id], picked.query),
  );
  expect(picked.rows).toHaveLength(6);
  const everyone = await downloadReadingsCsv(page, 'All members');
  expectRangeSent(everyone.query, defaultRange);
  expect(everyone.header).toEqual([...READINGS_CSV_COLUMNS]);
  const reached = await reachedMemberIds(request, caller);
  expect(everyone.rows).toHaveLength(await apiRowCount(request, caller, reached, everyone.query));
  expect(everyone.rows.length).toBeGreaterThan(picked.rows.length);

  // Months 11 to 9 back hold only the first member's two older readings.
  const from = firstOfMonth(11);
  const to = firstOfMonth(9);
  const range = { from: dayOf(from), to: dayOf(to) };
  const narrowed = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname === '/api/user/rmssd' &&
      url.searchParams.get('user_id') === first.id &&
      url.searchParams.get('from')?.slice(0, 10) === range.from &&
      url.searchParams.get('to')?.slice(0, 10) === range.to
    );
  });
  await page.getByRole('button', { name: 'Date range' }).click();
  await (await calendarDay(page, from, 'Previous month')).click();
  await (await calendarDay(page, to, 'Next month')).click();
  expectRangeSent(new URL((await narrowed).url()).searchParams, range);
  await expect(timeChart(page)).toHaveAccessibleName(
    new RegExp(
      `${first.fullName} · RMSSD \\(2 points\\).*${second.fullName} · RMSSD \\(0 points\\)`,
    ),
  );
  const older = await downloadReadingsCsv(page, 'The picked users');
  expectRangeSent(older.query, range);
  expect(older.rows).toHaveLength(
    await apiRowCount(request, caller, [first.id, second.id], older.query),
  );
  expect(older.rows).toHaveLength(2);

  // Up to five users; a sixth is refused with the message, and the five stay.
  for (const member of members.slice(2, 5)) await pickUser(page, member.fullName);
  await expect(page.getByText(REPORTS_MAX_USERS_MESSAGE)).toHaveCount(0);
  await pickUser(page, members[5]!.fullName);
  await expect(page.getByText(REPORTS_MAX_USERS_MESSAGE)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Reports Search' }).getByText(members[5]!.fullName),
  ).toHaveCount(0);

  // A reload keeps the applied users.
  await page.reload();
  await expect(timeChart(page)).toHaveAccessibleName(new RegExp(`${second.fullName} · RMSSD`));
}

/** An organisation whose first member also has two readings 10 months back (15th, 07:00). */
async function reportsOrg(request: APIRequestContext) {
  const org = await buildOrg(request, {
    groups: [
      { admins: [{ firstName: 'Gwen', lastName: 'Lead' }], members: 6 },
      { members: [{ firstName: 'Otto', lastName: 'Elsewhere' }] },
    ],
    readingsPerMember: 3,
  });
  const [first] = org.groups[0]!.members;
  const tenMonthsBack = firstOfMonth(10);
  await recordReadingsAt(request, first!, [
    new Date(tenMonthsBack.getFullYear(), tenMonthsBack.getMonth(), 15, 7),
    new Date(tenMonthsBack.getFullYear(), tenMonthsBack.getMonth(), 16, 7),
  ]);
  return org;
}

test.describe('reports: Daily Readings History', () => {
  test.describe.configure({ timeout: 120_000 });

  test('org admin picks members, toggles a series, changes the dates and downloads CSVs', async ({
    page,
    request,
  }) => {
    const org = await reportsOrg(request);
    await readingsJourney(page, request, org.admin, org.groups[0]!.members, '/org/reports');
  });

  test('group admin reports on the group members only', async ({ page, request }) => {
    const org = await reportsOrg(request);
    const [team, other] = org.groups;
    await readingsJourney(page, request, team!.admins[0]!, team!.members, '/group/reports');
    // Another group's member is not offered, while the dropdown does offer the team's members
    // (a sixth team member is still unpicked), so an empty or unopened list cannot pass.
    const [teamMember] = team!.members.slice(-1);
    await usersField(page).click();
    await usersField(page).fill('');
    await expect(page.getByRole('option', { name: teamMember!.fullName })).toBeVisible();
    await usersField(page).fill(other!.members[0]!.firstName);
    await expect(page.getByRole('option', { name: other!.members[0]!.fullName })).toHaveCount(0);
    await usersField(page).fill(other!.members[0]!.email);
    // The list's 'Nothing found' stands in it as an option that cannot be chosen.
    await expect(page.getByRole('option', { disabled: false })).toHaveCount(0);
    await usersField(page).fill(teamMember!.email);
    await expect(page.getByRole('option', { name: teamMember!.fullName })).toBeVisible();
  });
});

test('screenshots of the demo readings history', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await signInThroughApi(page, DEMO.orgAdmin, {
    password: DEMO_PASSWORD,
    redirectTo: '/org/reports',
  });
  await expectPath(page, '/org/reports');
  await usersField(page).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  // Each option shows the name, then the email on its own line.
  const names = (await options.allInnerTexts()).slice(0, 3).map((text) => text.split('\n')[0]!);
  for (const name of names) await pickUser(page, name);
  await page.getByRole('button', { name: 'Apply' }).click();
  // Eight months of three demo members' readings: the first answer may take a while.
  await expect(timeChart(page)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({
    path: shotPath(test.info(), 'readings-3-members-1440.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(timeChart(page)).toBeVisible();
  await page.screenshot({
    path: shotPath(test.info(), 'readings-3-members-375.png'),
    fullPage: true,
  });

  // One member: the baseline, the normal range and the note.
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto(
    `/org/reports?users=${new URL(page.url()).searchParams.get('users')!.split(',')[0]}`,
  );
  await expect(timeLegend(page).getByRole('button', { name: 'Normal range' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Plews et al\./)).toBeVisible();
  await page.screenshot({
    path: shotPath(test.info(), 'readings-1-member-1440.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({
    path: shotPath(test.info(), 'readings-1-member-375.png'),
    fullPage: true,
  });
  // The customisation dialog on a phone.
  await page.getByRole('button', { name: 'Customize chart' }).click();
  await expect(page.getByRole('dialog', { name: 'Customize chart' })).toBeVisible();
  await page.screenshot({ path: shotPath(test.info(), 'readings-dialog-375.png') });
});
