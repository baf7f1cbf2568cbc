// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreatedApiTokenResponse } from '@resonant/contracts/api-tokens';
import { answer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { CreateApiTokenDialog } from './create-api-token-dialog.tsx';

const CREATED = {
  token: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Sheet',
    scopes: ['readings:read' as const],
    createdAt: '2026-12-01T08:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
    lastUsedAt: null,
  },
  secret: `rsn_pat_${'y'.repeat(43)}`,
};

function renderDialog() {
  const onCreated = vi.fn();
  const rendered = renderWithProviders(
    <CreateApiTokenDialog opened onClose={() => {}} onCreated={onCreated} />,
  );
  return { ...rendered, onCreated, form: screen.getByRole('form', { name: 'New API token' }) };
}

describe('CreateApiTokenDialog', () => {
  it('asks for a name and at least one scope before sending anything', async () => {
    const calls = answer('post', '/v1/tokens', CreatedApiTokenResponse, CREATED, { status: 201 });
    const { events, form } = renderDialog();
    await events.click(within(form).getByRole('checkbox', { name: /readings:write/ }));
    await events.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Choose at least one scope')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('asks for a date when the expiry is a date of one’s own, then sends it', async () => {
    const calls = answer('post', '/v1/tokens', CreatedApiTokenResponse, CREATED, { status: 201 });
    const { events, form, onCreated } = renderDialog();
    await events.type(within(form).getByRole('textbox', { name: /Name/ }), 'Sheet');
    await events.click(within(form).getByRole('combobox', { name: 'Expires after' }));
    await events.click(await screen.findByRole('option', { name: 'A date of your choice' }));
    await events.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Choose a date')).toBeVisible();
    expect(calls).toHaveLength(0);

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await events.type(within(form).getByRole('textbox', { name: /Expiry date/ }), tomorrow);
    await events.keyboard('{Escape}');
    await events.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      name: 'Sheet',
      scopes: ['readings:write'],
      expiresOn: tomorrow,
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
  });
});
