// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MyReading, MyReadingsResponse, type MyReadingRow } from '@resonant/contracts/my-readings';
import { HRV_METRIC_KEYS, type HrvMetrics } from '@resonant/contracts/metrics';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { MyReadingsPage } from './my-readings-page.tsx';

const FIRST = '00000000-0000-4000-8000-0000000000a1';
const SECOND = '00000000-0000-4000-8000-0000000000a2';
const SLEEP = { id: '00000000-0000-4000-8000-0000000000b1', tag_name: 'Sleep' };
const TRAVEL = { id: '00000000-0000-4000-8000-0000000000b2', tag_name: 'Travel' };
const ORG = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Demo Org' };

const metrics = Object.fromEntries(HRV_METRIC_KEYS.map((key) => [key, 1])) as HrvMetrics;

const row = (id: string, takenAt: string, extra: Partial<MyReadingRow> = {}): MyReadingRow => ({
  id,
  takenAt,
  kind: 'morning',
  quality: 'good',
  rmssd: 42.4,
  sdnn: 51.2,
  meanHr: 61,
  artifactPercent: 1.5,
  tags: [],
  device: 'Polar H10',
  org: ORG,
  ...extra,
});

const reading: MyReading = {
  id: FIRST,
  clientId: 'app-1',
  takenAt: '2026-12-01T06:30:00.000Z',
  kind: 'morning',
  quality: 'good',
  note: 'Slept well',
  device: 'Polar H10',
  tags: [SLEEP],
  metrics: { ...metrics, rmssd: 42.4, hf: 812, artifactPercent: 2.3 },
  createdAt: '2026-12-01T06:35:00.000Z',
  org: ORG,
  offeredTags: [SLEEP, TRAVEL],
};

function answerList() {
  return answer('get', '/v1/readings', MyReadingsResponse, (call) =>
    call.url.searchParams.get('cursor') === 'page-2'
      ? { list: [row(SECOND, '2026-11-20T06:30:00.000Z')], nextCursor: null, tags: [SLEEP] }
      : {
          list: [row(FIRST, '2026-12-01T06:30:00.000Z', { tags: [SLEEP] })],
          nextCursor: 'page-2',
          tags: [SLEEP],
        },
  );
}

async function openFirst() {
  const view = renderWithProviders(<MyReadingsPage />);
  await view.events.click(await screen.findByText('42.4 ms'));
  return view;
}

describe('MyReadingsPage', () => {
  it('says so when there are no readings', async () => {
    answer('get', '/v1/readings', MyReadingsResponse, { list: [], nextCursor: null, tags: [] });
    renderWithProviders(<MyReadingsPage />);
    expect(await screen.findByText('No readings')).toBeVisible();
    expect(screen.getByRole('button', { name: /Older/ })).toBeDisabled();
  });

  it('pages through the cursor, and a filter starts again from the first page', async () => {
    const calls = answerList();
    const { events } = renderWithProviders(<MyReadingsPage />);
    expect(await screen.findByText('42.4 ms')).toBeVisible();
    await events.click(screen.getByRole('button', { name: /Older/ }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('page-2'));
    expect(await screen.findByText('Page 2')).toBeVisible();

    await events.click(screen.getByRole('combobox', { name: 'Kind' }));
    await events.click(await screen.findByRole('option', { name: 'Anytime' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('kind')).toBe('anytime'));
    expect(calls.at(-1)!.url.searchParams.has('cursor')).toBe(false);
    expect(await screen.findByText('Page 1')).toBeVisible();

    await events.click(screen.getByRole('combobox', { name: 'Tag' }));
    await events.click(await screen.findByRole('option', { name: 'Sleep' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('tag')).toBe(SLEEP.id));
  });

  it('opens a reading with its metrics grouped, quality, artifacts, tags, note and device', async () => {
    answerList();
    answer('get', `/v1/readings/${FIRST}`, MyReading, reading);
    await openFirst();
    const drawer = await screen.findByRole('dialog', { name: 'Reading' });
    const view = within(drawer);
    expect(await view.findByRole('heading', { name: 'Time domain' })).toBeVisible();
    expect(view.getByRole('heading', { name: 'Frequency domain' })).toBeVisible();
    expect(view.getByText('Good quality')).toBeVisible();
    expect(view.getByText('2.3 %')).toBeVisible();
    expect(view.getByText('812 ms²')).toBeVisible();
    expect(view.getByText('Slept well')).toBeVisible();
    expect(view.getByText('Polar H10')).toBeVisible();
    expect(view.getByText('Sleep')).toBeVisible();
  });

  it('saves new tags and note, and keeps the dialog open with the reason on a refusal', async () => {
    answerList();
    answer('get', `/v1/readings/${FIRST}`, MyReading, reading);
    const refused = refuse('patch', `/v1/readings/${FIRST}`, 400, `Unknown tag: ${TRAVEL.id}`);
    const { events, fill } = await openFirst();
    await events.click(await screen.findByRole('button', { name: 'Edit tags and note' }));
    const dialog = await findDialog('Edit reading');
    await events.click(dialog.getByRole('combobox', { name: 'Tags' }));
    await events.click(await screen.findByRole('option', { name: 'Travel' }));
    await fill(dialog.getByRole('textbox', { name: 'Note' }), '  After a long flight ');
    await events.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast(`Unknown tag: ${TRAVEL.id}`);
    expect(refused[0]!.body).toEqual({ tags: [SLEEP.id, TRAVEL.id], note: 'After a long flight' });
    expect(screen.getByRole('dialog', { name: 'Edit reading' })).toBeVisible();

    const saved = answer('patch', `/v1/readings/${FIRST}`, MyReading, {
      ...reading,
      tags: [SLEEP, TRAVEL],
      note: 'After a long flight',
    });
    await events.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('The reading was saved');
    expect(saved).toHaveLength(1);
  });

  it('deletes a reading after a confirmation that says what goes', async () => {
    answerList();
    answer('get', `/v1/readings/${FIRST}`, MyReading, reading);
    const deleted = answer('delete', `/v1/readings/${FIRST}`, z.null(), null, { status: 200 });
    const { events } = await openFirst();
    await events.click(await screen.findByRole('button', { name: 'Delete reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reading?' });
    expect(dialog).toHaveTextContent('RR intervals, every metric, its tags and its note');
    expect(dialog).toHaveTextContent('reports of Demo Org');
    await events.click(within(dialog).getByRole('button', { name: 'Delete reading' }));
    await findToast('The reading was deleted');
    expect(deleted).toHaveLength(1);
  });
});
