import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  OZ_NOT_RECORDED_MESSAGE,
  SESSIONS_CSV_COLUMNS,
  type HistorySessionType,
  type SelectedHistoryResponse,
} from '@resonant/contracts/reports';
import type { OrgMembersResponse } from '@resonant/contracts/org-users';
import { csvRecords } from '../../api/src/lib/csv-records.ts';
import { expect, test } from './support/test.ts';
import { expectPath, sideMenu, signInViaUi } from './support/app.ts';
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
  const users = search.getByRole('textbox', { name: 'Users' });
  for (const name of names) {
    await users.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await search.getByRole('button', { name: 'Apply' }).click();
}

function userPanel(page: Page, person: Person): Locator {
  return page.getByRole('region', { name: `Sessions of ${person.fullName}` });
}

function sessionButton(panel: Locator, name: string): Locator {
  return panel.getByRole('button', { name: new RegExp(`^${name}\\b`) });
}

/** Every session of a member the API counts (`noOfRows`), as the caller sees them. */
async function countSessions(
  request: APIRequestContext,
  caller: Person,
  members: Person[],
  type: HistorySessionType,
): Promise<number> {
  const session = await apiSession(request, caller.email, caller.password);
  let total = 0;
  for (const member of members) {
    const query = new URLSearchParams({ user_id: member.id, type, limit: '1' });
    const response = await request.get(`/api/selected-history?${query.toString()}`, {
      headers: session.headers,
    });
    expect(response.ok(), await response.text()).toBe(true);
    total += ((await response.json()) as SelectedHistoryResponse).noOfRows;
  }
  await request.post('/api/auth/sign-out', { headers: session.headers });
  return total;
}

/** Downloads the tab's CSV ('The picked users' or 'All members'): its name, header and rows. */
async function downloadCsv(page: Page, item: 'The picked users' | 'All members') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const file = await download;
  const records: string[][] = [];
  for await (const record of csvRecords(await readFile(await file.path()))) {
    records.push(record.cells);
  }
  const [header, ...rows] = records;
  return { name: file.suggestedFilename(), header, rows };
}

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

  await signInViaUi(page, org.admin.email, { password: org.admin.password });
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
  await expectSessionWithOz(miaPanel, 'Resonance 02');
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
  const biofeedbackRows = await countSessions(request, org.admin, [mia!, leo!], 'exercise');
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
  const mindfulnessRows = await countSessions(
    request,
    org.admin,
    [org.admin, ...org.groups[0]!.admins, mia!, leo!],
    'mindfulness',
  );
  expect(mindfulnessRows).toBe(3);
  expect(mindfulness.rows).toHaveLength(mindfulnessRows);

  // New users clear the picks: Mia alone now, and nothing is picked in her list.
  await sessionButton(miaMindful, 'Body scan').click();
  const search = page.getByRole('region', { name: 'Reports Search' });
  // Backspace in the empty search removes the last pill (Leo); the pills' own buttons are hidden.
  await search.getByRole('textbox', { name: 'Users' }).press('Backspace');
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(userPanel(page, leo!)).toHaveCount(0);
  await expect(miaMindful.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(miaMindful.getByRole('region', { name: /^Session / })).toHaveCount(0);
});

test('a group admin opens their member’s biofeedback sessions and downloads them', async ({
  page,
  request,
}) => {
  const org = await buildOrg(request, {
    groups: [
      {
        admins: [{ firstName: 'Gus', lastName: 'Lead' }],
        members: [{ firstName: 'Ava', lastName: 'Reed' }],
      },
    ],
  });
  const lead = org.groups[0]!.admins[0]!;
  const ava = org.groups[0]!.members[0]!;
  await recordSessions(request, ava, [
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
  ]);

  await signInViaUi(page, lead.email, { password: lead.password });
  await expectPath(page, '/group');
  await sideMenu(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expectPath(page, '/group/reports');
  await applyUsers(page, [ava.fullName]);
  await page.getByRole('tab', { name: 'BioFeedback History' }).click();

  const panel = userPanel(page, ava);
  await expect(panel.getByText('2 of 2 sessions shown, newest first')).toBeVisible();
  const detail = await expectSessionWithOz(panel, 'Morning pacer');
  await expect(detail.getByText('Resonance 4-6: inhale 4 s (40%), exhale 6 s (60%)')).toBeVisible();
  await expectSessionWithoutOz(panel, 'Lunch pacer');

  const csv = await downloadCsv(page, 'The picked users');
  expect(csv.header).toEqual([...SESSIONS_CSV_COLUMNS]);
  const rows = await countSessions(request, lead, [ava], 'exercise');
  expect(rows).toBe(2);
  expect(csv.rows).toHaveLength(rows);
  const names = csv.rows.map((row) => row[SESSIONS_CSV_COLUMNS.indexOf('sessionName')]);
  expect(names.sort()).toEqual(['Lunch pacer', 'Morning pacer']);
});

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

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 1000 : 800 });
    for (const tab of ['exercise', 'mindfulness'] as const) {
      if (width === 1440 && tab === 'exercise') {
        await signInViaUi(page, DEMO.orgAdmin, {
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
      await expect(panel.getByRole('region', { name: /^Session / }).getByRole('img')).toHaveCount(
        2,
      );
      // The charts draw after their chunk loads; give the canvas a moment to paint.
      await page.waitForTimeout(600);
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
