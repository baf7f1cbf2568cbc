import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';
import { zipEntries } from '../../api/test/zip-entries.ts';
import { EXPORT_FILES } from '@resonant/contracts/my-data';
import { expectPath, sideMenu, signInThroughApi } from './support/app.ts';
import { DEMO } from './support/env.ts';
import { shotPath } from './support/shots.ts';

type ExportedReading = { takenAt: string; rrMs: number[]; metrics: { rmssd: number | null } };

/**
 * The demo member downloads everything from Your Data and opens it: every file is there, the
 * readings carry their RR series, and the FHIR Bundle has one Observation per reading. Read-only
 * for the demo (an export only adds its audit row).
 */
test('a member downloads their data and opens the ZIP', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, DEMO.member);
  await expectPath(page, '/user');
  await sideMenu(page).getByRole('link', { name: 'Your Data' }).click();
  await expectPath(page, '/user/data');
  const section = page.getByRole('region', { name: 'Export your data' });
  await expect(section.getByRole('listitem')).toHaveCount(EXPORT_FILES.length);
  await page.screenshot({ path: shotPath(testInfo, 'your-data-1440.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download everything (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^resonant-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await zipEntries(await readFile(await download.path()));
  expect([...files.keys()]).toEqual(EXPORT_FILES.map((file) => file.name));

  const profile = JSON.parse(files.get('profile.json')!) as { account: { email: string } };
  expect(profile.account.email).toBe(DEMO.member);
  const readings = JSON.parse(files.get('readings.json')!) as ExportedReading[];
  expect(readings.length).toBeGreaterThan(10);
  for (const reading of readings) expect(reading.rrMs.length).toBeGreaterThan(0);
  const bundle = JSON.parse(files.get('fhir-bundle.json')!) as {
    entry: { resource: { resourceType: string } }[];
  };
  const observations = bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
  expect(observations).toHaveLength(readings.length);
  const toast = page.getByRole('alert').filter({ hasText: 'Your data has been downloaded.' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(section.getByRole('button', { name: 'Download FHIR bundle' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await page.screenshot({ path: shotPath(testInfo, 'your-data-375.png'), fullPage: true });
});
