// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessLogResponse } from '@resonant/contracts/access-log';
import { answer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { AccessLogSection } from './access-log-section.tsx';

const FIRST = '00000000-0000-4000-8000-0000000000a1';
const SECOND = '00000000-0000-4000-8000-0000000000a2';

const entry = (id: string, what: string) => ({
  id,
  who: 'Olive Owner',
  role: 'Organization Admin',
  organisation: 'Demo Org',
  what,
  at: '2026-12-07T08:00:00.000Z',
});

describe('AccessLogSection', () => {
  it('says so when nobody has opened the data', async () => {
    answer('get', '/v1/access-log', AccessLogResponse, { entries: [], nextCursor: null });
    renderWithProviders(<AccessLogSection />);
    expect(await screen.findByText('Nobody has opened your data')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('shows who, as what, from where and what they did, and pages with the cursor', async () => {
    const calls = answer('get', '/v1/access-log', AccessLogResponse, (call) =>
      call.url.searchParams.get('cursor') === FIRST
        ? { entries: [entry(SECOND, 'opened your readings')], nextCursor: null }
        : { entries: [entry(FIRST, 'downloaded your readings as CSV')], nextCursor: FIRST },
    );
    const { events } = renderWithProviders(<AccessLogSection />);
    const table = await screen.findByRole('table', { name: 'Access log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Olive Owner downloaded your readings as CSV');
    expect(row).toHaveTextContent('Organization Admin of Demo Org');

    await events.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Olive Owner opened your readings')).toBeVisible();
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe(FIRST);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await events.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() =>
      expect(screen.getByText('Olive Owner downloaded your readings as CSV')).toBeVisible(),
    );
  });
});
