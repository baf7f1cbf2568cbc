import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { generateRr } from '@resonant/hrv/synthetic';
import { expect, test } from './support/test.ts';
import { expectPath, signInThroughApi } from './support/app.ts';
import { buildOrg } from './support/org-builder.ts';
import { shotPath } from './support/shots.ts';

/** A curl-style upload of one reading with the personal token, as a sync script sends it. */
const upload = (request: APIRequestContext, secret: string) =>
  request.post('/api/v1/readings', {
    headers: { authorization: `Bearer ${secret}` },
    data: {
      clientId: randomUUID(),
      takenAt: new Date(Date.now() - 60_000).toISOString(),
      kind: 'morning',
      rr: Array.from(generateRr({ seed: 7, durationS: 120, ectopicRate: 0 })),
    },
  });

test('a member makes an API token, uploads with it, and revokes it', async ({
  page,
  request,
}, testInfo) => {
  // An organisation of three people made through the API, then the browser and a real analysis.
  test.setTimeout(60_000);
  const org = await buildOrg(request, { groups: [{ members: 1 }] });
  const member = org.groups[0]!.members[0]!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, member.email, { password: member.password });
  await expectPath(page, '/user');
  await page.goto('/user/settings');

  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No API tokens yet')).toBeVisible();
  await section.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('form', { name: 'New API token' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Strap sync');
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  await expect(shown).toContainText('will not be shown again');
  const secret = await shown.getByRole('textbox', { name: /Strap sync/ }).inputValue();
  expect(secret).toMatch(/^rsn_pat_/);
  await page.screenshot({
    path: shotPath(testInfo, 'api-tokens-new-1440.png'),
    animations: 'disabled',
  });
  await shown.getByRole('button', { name: 'Done' }).click();

  // The token uploads a reading and is refused outside /api/v1.
  expect((await upload(request, secret)).status()).toBe(201);
  const profile = await request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(profile.status()).toBe(401);

  await page.reload();
  const row = section.getByRole('row').filter({ hasText: 'Strap sync' });
  await expect(row).toContainText('readings:write');
  await expect(row).not.toContainText('Never');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(testInfo, 'api-tokens-list-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(testInfo, 'api-tokens-list-375.png') });

  await section.getByRole('button', { name: 'Revoke Strap sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(section.getByText('No API tokens yet')).toBeVisible();
  expect((await upload(request, secret)).status()).toBe(401);
});
