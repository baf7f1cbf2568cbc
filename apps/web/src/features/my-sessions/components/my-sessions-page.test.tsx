// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MySession, MySessionsResponse } from '@resonant/contracts/my-sessions';
import { OZ_NOT_RECORDED_MESSAGE } from '@resonant/contracts/reports';
import { TagsResponse } from '@resonant/contracts/tags';
import { answer } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { MySessionsPage } from './my-sessions-page.tsx';

const ID = '00000000-0000-4000-8000-0000000000e1';
const CALM = { id: '00000000-0000-4000-8000-0000000000f1', tag_name: 'Calm' };
const SLEEP = { id: '00000000-0000-4000-8000-0000000000f2', tag_name: 'Sleep' };

const domains = (rmssd: number) => ({
  timeDomain: {
    rmssd,
    minMax: 80,
    sdnn: 50,
    sdsd: null,
    mean_hr: 62,
    max_hr: 70,
    min_hr: 55,
    mean_nni: 960,
    median_nni: 955,
    range_nni: 300,
  },
  frequencyDomain: { lf: 1200, hf: 400, vlf: 90, total_power: 1690 },
});

function summary(n: number, overrides: Partial<MySession> = {}) {
  return {
    sessionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'biofeedback' as const,
    dateTime: `2026-11-${String(10 + (n % 20)).padStart(2, '0')}T08:00:00.000Z`,
    createdAt: '2026-11-30T08:00:00.000Z',
    sessionName: `Resonance ${n}`,
    quality: 'good' as const,
    note: null,
    breathsPerMinute: 6,
    sessionMinutes: 5,
    ozSesAvgPercentage: 64.5,
    optimalZoneSessionAverage: 71.2,
    rmssd: 48,
    sdnn: 52,
    has_oz_data: false,
    tags: [],
    ...overrides,
  };
}

const session = (overrides: Partial<MySession> = {}) => ({
  ...summary(1, { sessionId: ID, sessionName: 'Evening resonance', tags: [CALM] }),
  averages: domains(48),
  breathTime: null,
  results: [1, 2, 3].map((countTime) => ({ countTime, ...domains(40 + countTime) })),
  optimalZone: { oz_values: [], reportStartTime: null },
  ...overrides,
});

describe('the list of a kind of session', () => {
  it('says how sessions get recorded while there are none', async () => {
    const calls = answer('get', '/v1/sessions', MySessionsResponse, { list: [], nextCursor: null });
    renderWithProviders(<MySessionsPage kind="mindfulness" />);
    expect(
      await screen.findByText(
        /No mindfulness sessions yet. Sessions are recorded with the Resonant mobile app/,
      ),
    ).toBeVisible();
    expect(calls[0]!.url.searchParams.get('kind')).toBe('mindfulness');
    // The menu opens Biofeedback; the other kinds are one link away, this one marked.
    const kinds = screen.getByRole('navigation', { name: 'Kinds of session' });
    expect(within(kinds).getByRole('link', { name: 'Mindfulness' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(kinds).getByRole('link', { name: 'Self-Compassion' })).toHaveAttribute(
      'href',
      '/self-compassion',
    );
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('pages back in time by the cursor and forward again', async () => {
    const calls = answer('get', '/v1/sessions', MySessionsResponse, ({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { list: [summary(3)], nextCursor: null }
        : { list: [summary(1), summary(2)], nextCursor: 'page-2' },
    );
    const { events } = renderWithProviders(<MySessionsPage kind="biofeedback" />);
    const table = await screen.findByRole('table', { name: 'Your biofeedback sessions' });
    expect(await within(table).findByText('Resonance 1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await events.click(screen.getByRole('button', { name: 'Older' }));
    expect(await within(table).findByText('Resonance 3')).toBeVisible();
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.getByText('Page 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await events.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await within(table).findByText('Resonance 1')).toBeVisible();
  });
});

describe('one session', () => {
  const url = `/biofeedback?session=${ID}`;

  it('shows its figures, its minutes and why there is no optimal-zone chart', async () => {
    answer('get', `/v1/sessions/${ID}`, MySession, session({ note: 'After a run' }));
    renderWithProviders(<MySessionsPage kind="biofeedback" />, { url });
    expect(await screen.findByRole('heading', { name: 'Evening resonance' })).toBeVisible();
    expect(screen.getByText('After a run')).toBeVisible();
    expect(screen.getByText('Calm')).toBeVisible();
    const minutes = screen.getByRole('table', { name: 'Per-minute data of Evening resonance' });
    expect(within(minutes).getAllByRole('row')).toHaveLength(4);
    expect(within(minutes).getByText('Minute 3')).toBeVisible();
    expect(screen.getByText(OZ_NOT_RECORDED_MESSAGE)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to biofeedback sessions' })).toBeVisible();
  });

  it('saves the tags and note edited, an empty note as none', async () => {
    answer('get', `/v1/sessions/${ID}`, MySession, session({ note: 'Old note' }));
    answer('get', '/tags', TagsResponse, { list: [CALM, SLEEP] });
    const saved = answer('patch', `/v1/sessions/${ID}`, MySession, session());
    const { events, fill } = renderWithProviders(<MySessionsPage kind="biofeedback" />, { url });
    await events.click(await screen.findByRole('button', { name: 'Edit tags and note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit session' });
    await events.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
    await events.click(await screen.findByRole('option', { name: 'Sleep' }));
    await fill(within(dialog).getByRole('textbox', { name: 'Note' }), '   ');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Session saved');
    expect(saved[0]!.body).toEqual({ tags: [CALM.id, SLEEP.id], note: null });
  });

  it('asks before deleting, naming what goes, then returns to the list', async () => {
    answer('get', `/v1/sessions/${ID}`, MySession, session());
    answer('get', '/v1/sessions', MySessionsResponse, { list: [], nextCursor: null });
    const deleted = answer('delete', `/v1/sessions/${ID}`, z.undefined(), undefined, {
      status: 204,
    });
    const { events, router } = renderWithProviders(<MySessionsPage kind="biofeedback" />, {
      url,
    });
    await events.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await findDialog('Delete this session?');
    expect(dialog.getByText(/Evening resonance of .* will be deleted for good/)).toBeVisible();
    expect(dialog.getByText(/per-minute data, optimal-zone samples, raw heartbeat/)).toBeVisible();
    expect(deleted).toHaveLength(0);
    await events.click(dialog.getByRole('button', { name: 'Delete session' }));
    await findToast('Session deleted');
    expect(deleted).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/No biofeedback sessions yet/)).toBeVisible();
  });
});
