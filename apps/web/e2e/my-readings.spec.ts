import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MY_READINGS_CSV_COLUMNS } from '@resonant/contracts/my-readings';
import { csvRecords } from '../../api/src/lib/csv-records.ts';
import { expectPath, signInThroughApi, toast } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';
import { expect, test } from './support/test.ts';

const PAGE = '/user/history/morning';

const table = (page: Page) => page.getByRole('table', { name: 'Your readings' });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/**
 * A member of a built organisation (three readings of their own, so the demo member's data stays
 * as it is) opens a reading, tags it, deletes another, and downloads the CSV of what is left.
 */
test('a member opens, tags and deletes their readings and downloads them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const org = await buildOrg(request, { groups: [{ members: 1 }], readingsPerMember: 3 });
  const member = org.groups[0]!.members[0]!;
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInThroughApi(page, member.email, { password: member.password, redirectTo: PAGE });
  await expectPath(page, PAGE);
  await expect(dataRows(page)).toHaveCount(3);
  await page.screenshot({ path: shotPath(test.info(), 'my-readings-1440.png'), fullPage: true });

  // The newest reading: every metric, then its tag edited.
  await dataRows(page).first().click();
  const drawer = page.getByRole('dialog', { name: 'Reading' });
  await expect(drawer.getByRole('heading', { name: 'Frequency domain' })).toBeVisible();
  await page.screenshot({ path: shotPath(test.info(), 'my-reading-drawer-1440.png') });
  await drawer.getByRole('button', { name: 'Edit tags and note' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit reading' });
  await edit.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'Sleep' }).click();
  await edit.getByRole('textbox', { name: 'Note' }).fill('Slept nine hours');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The reading was saved')).toBeVisible();
  // The edit dialog's form is inside the drawer until it has closed: read the note once it has.
  await expect(edit).toBeHidden();
  await expect(
    drawer.getByRole('definition').filter({ hasText: 'Slept nine hours' }),
  ).toBeVisible();
  await expect(dataRows(page).first()).toContainText('Sleep');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The oldest one deleted, after the confirmation that names what goes.
  await dataRows(page).last().click();
  await drawer.getByRole('button', { name: 'Delete reading' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this reading?' });
  await expect(confirm).toContainText('every metric, its tags and its note');
  await confirm.getByRole('button', { name: 'Delete reading' }).click();
  await expect(toast(page, 'The reading was deleted')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(2);

  // The CSV holds the two readings left, the tagged one with its tag.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-readings.csv');
  const records: string[][] = [];
  for await (const record of csvRecords(await readFile(await download.path()))) {
    records.push(record.cells);
  }
  expect(records[0]).toEqual([...MY_READINGS_CSV_COLUMNS]);
  expect(records).toHaveLength(3);
  expect(records[1]![MY_READINGS_CSV_COLUMNS.indexOf('tags')]).toBe('Sleep');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(dataRows(page)).toHaveCount(2);
  await page.screenshot({ path: shotPath(test.info(), 'my-readings-375.png'), fullPage: true });
  await dataRows(page).first().click();
  await expect(drawer.getByRole('heading', { name: 'Time domain' })).toBeVisible();
  await page.screenshot({ path: shotPath(test.info(), 'my-reading-drawer-375.png') });
});
