// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiTokensResponse,
  CreatedApiTokenResponse,
  type ApiToken,
} from '@resonant/contracts/api-tokens';
import { answer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';

const SYNC: ApiToken = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Strap sync',
  scopes: ['readings:write'],
  createdAt: '2026-12-01T08:00:00.000Z',
  expiresAt: '2099-03-01T08:00:00.000Z',
  lastUsedAt: '2026-12-06T07:15:00.000Z',
};
const OLD: ApiToken = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Old sheet',
  scopes: ['readings:read', 'readings:write'],
  createdAt: '2025-01-01T08:00:00.000Z',
  expiresAt: '2025-02-01T08:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = `rsn_pat_${'x'.repeat(43)}`;

describe('ApiTokensSection', () => {
  it('lists the tokens with scopes, expiry and last use', async () => {
    answer('get', '/v1/tokens', ApiTokensResponse, { tokens: [SYNC, OLD] });
    renderWithProviders(<ApiTokensSection />);
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Strap sync')).toBeVisible();
    expect(within(rows[1]!).getByText('readings:write')).toBeVisible();
    expect(within(rows[2]!).getByText('readings:read')).toBeVisible();
    expect(within(rows[2]!).getByText('Never')).toBeVisible();
    expect(within(rows[2]!).getByText(/^Expired/)).toBeVisible();
    expect(within(rows[1]!).queryByText(/^Expired/)).toBeNull();
  });

  it('says when there is no token yet', async () => {
    answer('get', '/v1/tokens', ApiTokensResponse, { tokens: [] });
    renderWithProviders(<ApiTokensSection />);
    expect(await screen.findByText('No API tokens yet')).toBeVisible();
  });

  it('makes a token and shows its secret once, with a copy button and a warning', async () => {
    answer('get', '/v1/tokens', ApiTokensResponse, { tokens: [] });
    const calls = answer(
      'post',
      '/v1/tokens',
      CreatedApiTokenResponse,
      { token: SYNC, secret: SECRET },
      { status: 201 },
    );
    const { events } = renderWithProviders(<ApiTokensSection />);
    await events.click(await screen.findByRole('button', { name: 'New token' }));
    const form = await screen.findByRole('form', { name: 'New API token' });
    await events.type(within(form).getByRole('textbox', { name: /Name/ }), 'Strap sync');
    await events.click(within(form).getByRole('checkbox', { name: /readings:read/ }));
    await events.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      name: 'Strap sync',
      scopes: ['readings:write', 'readings:read'],
      expiresInDays: 90,
    });
    const shown = await screen.findByRole('dialog', { name: 'Copy your new token' });
    expect(within(shown).getByRole('textbox', { name: /Strap sync/ })).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('will not be shown again');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible();
    await events.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('revokes a token after a confirmation that says what stops working', async () => {
    answer('get', '/v1/tokens', ApiTokensResponse, { tokens: [SYNC] });
    const calls = answer('delete', `/v1/tokens/${SYNC.id}`, z.undefined(), undefined, {
      status: 204,
    });
    const { events } = renderWithProviders(<ApiTokensSection />);
    await events.click(await screen.findByRole('button', { name: 'Revoke Strap sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('Strap sync stops working at once');
    await events.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
