import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { OZ_NOT_RECORDED_MESSAGE, type SelectedHistoryResponse } from '@resonant/contracts/reports';
import { SESSIONS_CSV_COLUMNS } from '@resonant/contracts/reports-csv';
import type { OrgMembersResponse } from '@resonant/contracts/org-users';
import type { HrvSession } from '@resonant/contracts/sessions';
import { csvRecords } from '../../api/src/lib/csv-records.ts';
import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInThroughApi } from './support/app.ts';
import { DEMO, DEMO_PASSWORD } from './support/env.ts';
import { apiSession, buildOrg, type Person } from './support/org-builder.ts';
import { recordSessions, type SessionSpec } from './support/record-sessions.ts';
import { shotPath } from './support/shots.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `count` biofeedback sessions with optimal-zone samples, one a day back from yesterday. */
function dailyBiofeedback(count: number, name: string): SessionSpec[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'biofeedback',
    sessionName: `${name} ${String(index + 1).padStart(2, '0')}`,
    startedAt: new Date(Date.now() - (index + 1) * DAY_MS),
  }));
}

/** Picks users by name in 'Reports Search' and applies them. */
async function applyUsers(page: Page, names: string[]) {
  const search = page.getByRole('region', { name: 'Reports Search' });
  const users = search.getByRole('combobox', { name: 'Users' });
  for (const name of names) {
    await users.fill(name);
    // An option reads the name, then the email.
    await page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
  }
  await search.getByRole('button', { name: 'Apply' }).click();
}

function userPanel(page: Page, person: Person): Locator {
  return page.getByRole('region', { name: `Sessions of ${person.fullName}` });
}

function sessionButton(panel: Locator, name: string): Locator {
  return panel.getByRole('button', { name: new RegExp(`^${name}\\b`) });
}

/** The 1st of the month `back` months before this one, local midnight. */
const firstOfMonth = (back: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() - back, 1);
};

/** Mantine's calendar names a day 'D MMMM YYYY' (en). */
const calendarDayName = (date: Date) =>
  `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;

/** A day of the open calendar, paging months with `towards` until it shows. */
async function calendarDay(page: Page, date: Date, towards: 'Previous month' | 'Next month') {
  const day = page.getByRole('button', { name: calendarDayName(date), exact: true });
  for (let month = 0; month < 24 && !(await day.isVisible()); month++) {
    await page.getByRole('button', { name: towards }).click();
  }
  return day;
}

/** Every member the caller reaches (GET /api/v2/org/users). */
async function reachedMemberIds(request: APIRequestContext, caller: Person): Promise<string[]> {
  const session = await apiSession(request, caller.email, caller.password);
  const response = await request.get('/api/v2/org/users', { headers: session.headers });
  expect(response.ok()).toBe(true);
  const ids = ((await response.json()) as OrgMembersResponse).list.map((member) => member.user_id);
  await request.post('/api/auth/sign-out', { headers: session.headers });
  return ids;
}

/**
 * How many sessions GET /api/selected-history counts (`noOfRows`) for the CSV's query: its type,
 * from, to and tag_ids as the page sent them, for the picked user_ids or, for 'all', every member
 * the caller reaches.
 */
async function countSessions(
  request: APIRequestContext,
  caller: Person,
  csvQuery: URLSearchParams,
): Promise<number> {
  const members =
    csvQuery.get('members') === 'all'
      ? await reachedMemberIds(request, caller)
      : csvQuery.get('user_ids')!.split(',');
  const session = await apiSession(request, caller.email, caller.password);
  let total = 0;
  for (const member of members) {
    const query = new URLSearchParams({ user_id: member, limit: '1' });
    for (const key of ['type', 'from', 'to', 'tag_ids']) {
      const value = csvQuery.get(key);
      if (value !== null) query.set(key, value);
    }
    const response = await request.get(`/api/selected-history?${query.toString()}`, {
      headers: session.headers,
    });
    expect(response.ok(), await response.text()).toBe(true);
    total += ((await response.json()) as SelectedHistoryResponse).noOfRows;
  }
  await request.post('/api/auth/sign-out', { headers: session.headers });
  return total;
}

/**
 * Downloads the tab's CSV ('The picked users' or 'All members'): its name, header, rows and the
 * query the page sent for it.
 */
async function downloadCsv(page: Page, item: 'The picked users' | 'All members') {
  const sent = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/reports/sessions.csv',
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const query = new URL((await sent).url()).searchParams;
  const file = await download;
  const records: string[][] = [];
  for await (const record of csvRecords(await readFile(await file.path()))) {
    records.push(record.cells);
  }
  const [header, ...rows] = records;
  return { name: file.suggestedFilename(), header, rows, query };
}

const column = (name: (typeof SESSIONS_CSV_COLUMNS)[number]) => SESSIONS_CSV_COLUMNS.indexOf(name);

/** Opens a session in a list and checks its minutes and its optimal-zone chart with the band. */
async function expectSessionWithOz(panel: Locator, name: string) {
  await sessionButton(panel, name).click();
  await expect(sessionButton(panel, name)).toHaveAttribute('aria-pressed', 'true');
  const detail = panel.getByRole('region', { name: `Session ${name}` });
  await expect(detail.getByRole('cell', { name: 'Minute 1', exact: true })).toBeVisible();
  await expect(
    detail.getByRole('img', { name: new RegExp(`^Per-minute line chart of ${name}, Minute 1 to`) }),
  ).toBeVisible();
  await expect(
    detail.getByRole('img', {
      name: new RegExp(`^Optimal zone of ${name}: \\d+ samples .*the band 80–100 is marked$`),
    }),
  ).toBeVisible();
  await expect(detail.getByText('The shaded band marks the optimal zone, 80–100.')).toBeVisible();
  return detail;
}

/** Opens a session recorded with Optimal Zone off: SPEC §8's message instead of the chart. */
async function expectSessionWithoutOz(panel: Locator, name: string) {
  await sessionButton(panel, name).click();
  const detail = panel.getByRole('region', { name: `Session ${name}` });
  await expect(detail.getByText(OZ_NOT_RECORDED_MESSAGE, { exact: true })).toBeVisible();
  await expect(detail.getByRole('img', { name: /^Optimal zone of/ })).toHaveCount(0);
}

test('an org admin reads biofeedback and mindfulness sessions, pages the list and downloads CSVs', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const org = await buildOrg(request, {
    groups: [
      {
        members: [
          { firstName: 'Mia', lastName: 'Stone' },
          { firstName: 'Leo', lastName: 'Park' },
        ],
      },
    ],
  });
  const [mia, leo] = org.groups[0]!.members;
  // 23 biofeedback sessions: the list shows 20, then loads the other 3 when scrolled.
  await recordSessions(request, mia!, [
    {
      type: 'biofeedback',
      sessionName: 'Evening calm',
      startedAt: new Date(Date.now() - HOUR_MS),
      withOz: false,
    },
    ...dailyBiofeedback(22, 'Resonance'),
    {
      type: 'mindfulness',
      sessionName: 'Body scan',
      startedAt: new Date(Date.now() - 2 * HOUR_MS),
    },
    {
      type: 'mindfulness',
      sessionName: 'Quiet mind',
      startedAt: new Date(Date.now() - DAY_MS),
      withOz: false,
    },
  ]);
  await recordSessions(request, leo!, [
    ...dailyBiofeedback(3, 'Pacer'),
    { type: 'mindfulness', sessionName: 'Breath focus', startedAt: new Date(Date.now() - HOUR_MS) },
  ]);

  await signInThroughApi(page, org.admin.email, { password: org.admin.password });
  await expectPath(page, '/org');
  await sideMenu(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expectPath(page, '/org/reports');
  await applyUsers(page, [mia!.fullName, leo!.fullName]);
  await page.getByRole('tab', { name: 'BioFeedback History' }).click();

  // The figures of both users, from the all-time call.
  const figures = page.getByRole('table', { name: 'BioFeedback History figures per user' });
  await expect(
    figures.getByRole('row', { name: new RegExp(`^${mia!.fullName} 23 `) }),
  ).toBeVisible();
  await expect(
    figures.getByRole('row', { name: new RegExp(`^${leo!.fullName} 3 `) }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Time Domain line chart/ })).toBeVisible();

  // The list: All (chosen) and the newest 20; scrolled to its end it loads the rest.
  const miaPanel = userPanel(page, mia!);
  const miaList = miaPanel.getByRole('list', { name: `Sessions of ${mia!.fullName}` });
  await expect(miaPanel.getByText('20 of 23 sessions shown, newest first')).toBeVisible();
  await expect(miaList.getByRole('listitem')).toHaveCount(21);
  await expect(miaList.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(miaList.getByRole('button').nth(1)).toHaveAccessibleName(/^Evening calm/);
  await miaList.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await expect(miaPanel.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(miaPanel.getByText('23 of 23 sessions shown, newest first')).toBeVisible();
  await expect(miaList.getByRole('listitem')).toHaveCount(24);
  await expect(miaList.getByRole('button').last()).toHaveAccessibleName(/^Resonance 22/);

  // A session with optimal-zone samples, then one recorded without (one pick per user).
  const resonance = await expectSessionWithOz(miaPanel, 'Resonance 02');
  // The per-minute legend is buttons: hiding RMSSD takes it out of the chart and its name.
  const minutesLegend = resonance.getByRole('group', { name: 'Per-minute data legend' });
  const rmssd = minutesLegend.getByRole('button', { name: 'RMSSD (ms)' });
  await expect(rmssd).toHaveAttribute('aria-pressed', 'true');
  await rmssd.click();
  await expect(rmssd).toHaveAttribute('aria-pressed', 'false');
  const minutesChart = resonance.getByRole('img', { name: /^Per-minute line chart of/ });
  await expect(minutesChart).toHaveAccessibleName(
    /Series shown: MaxMin, SDNN, LowFrequency, HighFrequency, VeryLowFrequency\.$/,
  );
  await expectSessionWithoutOz(miaPanel, 'Evening calm');
  await expect(miaPanel.getByRole('region', { name: 'Session Resonance 02' })).toHaveCount(0);
  // All clears the pick.
  await miaList.getByRole('button', { name: 'All', exact: true }).click();
  await expect(miaPanel.getByRole('region', { name: /^Session / })).toHaveCount(0);
  await expect(miaPanel.getByText('Choose a session to see its minutes')).toBeVisible();

  // The biofeedback CSV of the picked users: one row per session the API counts.
  const biofeedback = await downloadCsv(page, 'The picked users');
  expect(biofeedback.name).toMatch(/^biofeedback sessions data .*\.csv$/);
  expect(biofeedback.header).toEqual([...SESSIONS_CSV_COLUMNS]);
  expect(biofeedback.query.get('user_ids')!.split(',').sort()).toEqual([mia!.id, leo!.id].sort());
  const biofeedbackRows = await countSessions(request, org.admin, biofeedback.query);
  expect(biofeedbackRows).toBe(26);
  expect(biofeedback.rows).toHaveLength(biofeedbackRows);

  // Mindfulness: scores by sample with the app's start time, and one without samples.
  await page.getByRole('tab', { name: 'Mindfullness History' }).click();
  const miaMindful = userPanel(page, mia!);
  await expect(miaMindful.getByText('2 of 2 sessions shown, newest first')).toBeVisible();
  const bodyScan = await expectSessionWithOz(miaMindful, 'Body scan');
  await expect(bodyScan.getByText(/Scoring started /)).toBeVisible();
  await expectSessionWithoutOz(miaMindful, 'Quiet mind');

  // Every member's mindfulness sessions: the two members' three (the admins have none).
  const mindfulness = await downloadCsv(page, 'All members');
  expect(mindfulness.name).toMatch(/^mindfulness sessions data .*\.csv$/);
  expect(mindfulness.header).toEqual([...SESSIONS_CSV_COLUMNS]);
  const mindfulnessRows = await countSessions(request, org.admin, mindfulness.query);
  expect(mindfulnessRows).toBe(3);
  expect(mindfulness.rows).toHaveLength(mindfulnessRows);

  // New users clear the picks: Mia alone now, and nothing is picked in her list.
  await sessionButton(miaMindful, 'Body scan').click();
  const search = page.getByRole('region', { name: 'Reports Search' });
  // Backspace in the empty search removes the last pill (Leo); the pills' own buttons are hidden.
  await search.getByRole('combobox', { name: 'Users' }).press('Backspace');
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(userPanel(page, leo!)).toHaveCount(0);
  await expect(miaMindful.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(miaMindful.getByRole('region', { name: /^Session / })).toHaveCount(0);
});

test('a group admin compares two members, narrows the dates and downloads only their group', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const org = await buildOrg(request, {
    groups: [
      {
        admins: [{ firstName: 'Gus', lastName: 'Lead' }],
        members: [
          { firstName: 'Ava', lastName: 'Reed' },
          { firstName: 'Ben', lastName: 'Cole' },
        ],
      },
      { members: [{ firstName: 'Otto', lastName: 'Elsewhere' }] },
    ],
  });
  const lead = org.groups[0]!.admins[0]!;
  const [ava, ben] = org.groups[0]!.members;
  const otto = org.groups[1]!.members[0]!;
  // Ten months back (the 15th, 07:00): outside the default eight months.
  const tenMonthsBack = firstOfMonth(10);
  const old = new Date(tenMonthsBack.getFullYear(), tenMonthsBack.getMonth(), 15, 7);
  await recordSessions(request, ava!, [
    {
      type: 'biofeedback',
      sessionName: 'Morning pacer',
      startedAt: new Date(Date.now() - HOUR_MS),
    },
    {
      type: 'biofeedback',
      sessionName: 'Lunch pacer',
      startedAt: new Date(Date.now() - DAY_MS),
      withOz: false,
      minutes: 2,
    },
    { type: 'biofeedback', sessionName: 'Winter pacer', startedAt: old },
    { type: 'mindfulness', sessionName: 'Body scan', startedAt: new Date(Date.now() - HOUR_MS) },
  ]);
  await recordSessions(request, ben!, [
    ...dailyBiofeedback(2, 'Pacer'),
    { type: 'mindfulness', sessionName: 'Quiet mind', startedAt: new Date(Date.now() - DAY_MS) },
  ]);
  // Another group's member with sessions of both types: the group admin's 'all' must not reach them.
  const elsewhere: HrvSession[] = await recordSessions(request, otto, [
    ...dailyBiofeedback(2, 'Elsewhere'),
    {
      type: 'mindfulness',
      sessionName: 'Elsewhere scan',
      startedAt: new Date(Date.now() - DAY_MS),
    },
  ]);

  await signInThroughApi(page, lead.email, { password: lead.password });
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expectPath(page, '/group/reports');
  await applyUsers(page, [ava!.fullName, ben!.fullName]);
  await page.getByRole('tab', { name: 'BioFeedback History' }).click();

  // Both members' series in the session charts.
  await expect(page.getByRole('img', { name: /^Time Domain line chart/ })).toHaveAccessibleName(
    new RegExp(`${ava!.fullName} · RMSSD \\(2 points\\).*${ben!.fullName} · RMSSD \\(2 points\\)`),
  );
  const panel = userPanel(page, ava!);
  await expect(panel.getByText('2 of 2 sessions shown, newest first')).toBeVisible();
  await expect(
    userPanel(page, ben!).getByText('2 of 2 sessions shown, newest first'),
  ).toBeVisible();
  const detail = await expectSessionWithOz(panel, 'Morning pacer');
  await expect(detail.getByText('Resonance 4-6: inhale 4 s (40%), exhale 6 s (60%)')).toBeVisible();
  await expectSessionWithoutOz(panel, 'Lunch pacer');

  // Every member of the group: Ava's and Ben's four, none of the other group's.
  const everyone = await downloadCsv(page, 'All members');
  expect(everyone.name).toMatch(/^biofeedback sessions data .*\.csv$/);
  expect(everyone.header).toEqual([...SESSIONS_CSV_COLUMNS]);
  expect(everyone.query.get('members')).toBe('all');
  const everyoneRows = await countSessions(request, lead, everyone.query);
  expect(everyoneRows).toBe(4);
  expect(everyone.rows).toHaveLength(everyoneRows);
  expect(new Set(everyone.rows.map((row) => row[column('userId')]))).toEqual(
    new Set([ava!.id, ben!.id]),
  );
  const elsewhereIds = elsewhere.map((session) => session.id);
  expect(elsewhereIds).toHaveLength(3);
  for (const row of everyone.rows) {
    expect(elsewhereIds).not.toContain(row[column('sessionId')]);
    expect(row[column('userId')]).not.toBe(otto.id);
  }

  // Months 11 to 9 back: Ava's winter session alone; Ben has none there.
  const from = firstOfMonth(11);
  const to = firstOfMonth(9);
  await page.getByRole('button', { name: 'Date range' }).click();
  await (await calendarDay(page, from, 'Previous month')).click();
  await (await calendarDay(page, to, 'Next month')).click();
  await expect(panel.getByText('1 of 1 sessions shown, newest first')).toBeVisible();
  await expect(sessionButton(panel, 'Winter pacer')).toBeVisible();
  await expect(sessionButton(panel, 'Morning pacer')).toHaveCount(0);
  await expect(userPanel(page, ben!).getByText('No sessions in this range')).toBeVisible();
  const narrowed = await downloadCsv(page, 'The picked users');
  const narrowedRows = await countSessions(request, lead, narrowed.query);
  expect(narrowedRows).toBe(1);
  expect(narrowed.rows).toHaveLength(narrowedRows);
  expect(narrowed.rows[0]![column('sessionName')]).toBe('Winter pacer');

  // Mindfulness of the picked users, over the tab's own default range.
  await page.getByRole('tab', { name: 'Mindfullness History' }).click();
  await expect(
    userPanel(page, ava!).getByText('1 of 1 sessions shown, newest first'),
  ).toBeVisible();
  const mindfulness = await downloadCsv(page, 'The picked users');
  expect(mindfulness.name).toMatch(/^mindfulness sessions data .*\.csv$/);
  expect(mindfulness.header).toEqual([...SESSIONS_CSV_COLUMNS]);
  const mindfulnessRows = await countSessions(request, lead, mindfulness.query);
  expect(mindfulnessRows).toBe(2);
  expect(mindfulness.rows).toHaveLength(mindfulnessRows);
  expect(mindfulness.rows.map((row) => row[column('sessionName')]).sort()).toEqual([
    'Body scan',
    'Quiet mind',
  ]);
});

/** Waits until every chart's canvas looks the same twice in a row (drawn, animations over). */
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
    { polling: 150 },
  );
}

test('screenshots: the demo org’s session tabs with a session open', async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = await apiSession(request, DEMO.orgAdmin, DEMO_PASSWORD);
  const response = await request.get('/api/v2/org/users', { headers: session.headers });
  expect(response.ok()).toBe(true);
  const { list } = (await response.json()) as OrgMembersResponse;
  const members = ['member01', 'member02'].map((local) =>
    list.find((member) => member.email.startsWith(`${local}@`))!,
  );
  const users = members.map((member) => member.user_id).join(',');
  await request.post('/api/auth/sign-out', { headers: session.headers });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 1000 : 800 });
    for (const tab of ['exercise', 'mindfulness'] as const) {
      if (width === 1440 && tab === 'exercise') {
        await signInThroughApi(page, DEMO.orgAdmin, {
          redirectTo: `/org/reports?users=${users}&tab=${tab}`,
        });
      } else {
        await page.goto(`/org/reports?users=${users}&tab=${tab}`);
      }
      const first = members[0]!;
      const panel = page.getByRole('region', {
        name: `Sessions of ${first.first_name} ${first.last_name}`,
      });
      const list = panel.getByRole('list', { name: /^Sessions of / });
      await list.getByRole('button').nth(1).click();
      const detail = panel.getByRole('region', { name: /^Session / });
      await expect(detail.getByRole('img')).toHaveCount(2);
      if (width === 375) {
        // Stacked under the list, the detail is brought into view and its heading takes focus.
        const heading = detail.getByRole('heading', { level: 4 });
        await expect(heading).toBeFocused();
        await expect(heading).toBeInViewport();
        await page.screenshot({
          path: shotPath(test.info(), `reports-${tab}-${width}-picked.png`),
        });
      }
      await chartsSettled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: shotPath(test.info(), `reports-${tab}-${width}.png`),
        fullPage: true,
      });
      // The first user's list and session at full size, to look at closely.
      await panel.screenshot({ path: shotPath(test.info(), `reports-${tab}-${width}-panel.png`) });
    }
  }
});
