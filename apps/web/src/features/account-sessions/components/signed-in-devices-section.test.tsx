// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountSessionsResponse } from '@resonant/contracts/account-sessions';
import { answer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { SignedInDevicesSection } from './signed-in-devices-section.tsx';

const HERE = '00000000-0000-4000-8000-0000000000d1';
const PHONE = '00000000-0000-4000-8000-0000000000d2';

function answerSessions() {
  answer('get', '/user/sessions', AccountSessionsResponse, {
    sessions: [
      {
        id: HERE,
        browser: 'Firefox 128.0',
        os: 'Linux',
        ip: '192.0.2.10',
        createdAt: '2026-12-01T08:00:00.000Z',
        lastSeenAt: '2026-12-07T08:00:00.000Z',
        current: true,
      },
      {
        id: PHONE,
        browser: 'Safari 17.5',
        os: 'iOS 17.5',
        ip: '198.51.100.7',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastSeenAt: '2026-12-06T08:00:00.000Z',
        current: false,
      },
    ],
  });
}

describe('SignedInDevicesSection', () => {
  it('lists the devices, this one marked', async () => {
    answerSessions();
    renderWithProviders(<SignedInDevicesSection />);
    const table = await screen.findByRole('table', { name: 'Signed-in devices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('This device')).toBeVisible();
    expect(within(rows[2]!).getByText('Safari 17.5 on iOS 17.5')).toBeVisible();
    expect(within(rows[2]!).getByText('198.51.100.7')).toBeVisible();
  });

  it('signs one device out after a confirmation', async () => {
    answerSessions();
    const calls = answer('delete', `/user/sessions/${PHONE}`, z.undefined(), undefined, {
      status: 204,
    });
    const { events } = renderWithProviders(<SignedInDevicesSection />);
    await events.click(
      await screen.findByRole('button', { name: 'Sign out Safari 17.5 on iOS 17.5' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await events.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('says that signing out everywhere signs this device out too', async () => {
    answerSessions();
    const { events } = renderWithProviders(<SignedInDevicesSection />);
    await events.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('this one too');
  });
});
