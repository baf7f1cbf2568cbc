// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthResponse } from '@resonant/contracts/auth';
import {
  INVALID_TOTP_CODE_MESSAGE,
  MFA_CHALLENGE_EXPIRED_MESSAGE,
} from '@resonant/contracts/two-factor';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

function renderForm() {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  const view = renderWithProviders(
    <SecondFactorForm challenge="the-challenge" onSignedIn={onSignedIn} onRestart={onRestart} />,
    { user: null },
  );
  const form = within(screen.getByRole('form', { name: 'Two-factor authentication' }));
  return { ...view, form, onSignedIn, onRestart };
}

describe('SecondFactorForm', () => {
  it('sends the challenge with the code and signs in', async () => {
    const calls = answer('post', '/auth/two-factor', AuthResponse, {
      token: 't',
      expiresAt: '2099-01-01T00:00:00.000Z',
      user: ORG_ADMIN,
    });
    const { form, fill, events, onSignedIn } = renderForm();
    await fill(form.getByRole('textbox', { name: /Authentication code/ }), '123456');
    await events.click(form.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ challenge: 'the-challenge', code: '123456' });
  });

  it('toasts a wrong code and asks again', async () => {
    refuse('post', '/auth/two-factor', 401, INVALID_TOTP_CODE_MESSAGE);
    const { form, fill, events, onSignedIn } = renderForm();
    const field = form.getByRole('textbox', { name: /Authentication code/ });
    await fill(field, '000000');
    await events.click(form.getByRole('button', { name: 'Verify' }));
    expect(await findToast(INVALID_TOTP_CODE_MESSAGE)).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('goes back to the password when the challenge has expired', async () => {
    refuse('post', '/auth/two-factor', 401, MFA_CHALLENGE_EXPIRED_MESSAGE);
    const { form, fill, events, onRestart } = renderForm();
    await fill(form.getByRole('textbox', { name: /Authentication code/ }), '123456');
    await events.click(form.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onRestart).toHaveBeenCalledTimes(1));
  });
});
