// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthResponse, INVALID_CREDENTIALS_MESSAGE } from '@resonant/contracts/auth';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { SignInForm } from './sign-in-form.tsx';

function renderForm() {
  const onSignedIn = vi.fn();
  const view = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />, { user: null });
  return { ...view, form: within(screen.getByRole('form', { name: 'Sign in' })), onSignedIn };
}

describe('SignInForm', () => {
  it('requires email and password, sending nothing', async () => {
    const { form, events, onSignedIn } = renderForm();
    await events.click(form.getByRole('button', { name: 'Sign In' }));
    expect(await form.findByText('Email is required', { exact: true })).toBeVisible();
    expect(form.getByText('Password is required', { exact: true })).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with what was typed', async () => {
    const calls = answer('post', '/auth/sign-in', AuthResponse, {
      token: 'fresh-token',
      expiresAt: '2099-01-01T00:00:00.000Z',
      user: ORG_ADMIN,
    });
    const { form, fill, events, onSignedIn } = renderForm();
    await fill(form.getByRole('textbox', { name: 'Email' }), ORG_ADMIN.email);
    await fill(form.getByLabelText(/^Password/), 'Secret#123');
    await events.click(form.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ email: ORG_ADMIN.email, password: 'Secret#123' });
  });

  it("shows the server's refusal as a toast and keeps the email", async () => {
    refuse('post', '/auth/sign-in', 401, INVALID_CREDENTIALS_MESSAGE);
    const { form, fill, events, onSignedIn } = renderForm();
    await fill(form.getByRole('textbox', { name: 'Email' }), ORG_ADMIN.email);
    await fill(form.getByLabelText(/^Password/), 'Wrong#password1');
    await events.click(form.getByRole('button', { name: 'Sign In' }));
    expect(await findToast(INVALID_CREDENTIALS_MESSAGE)).toBeVisible();
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(ORG_ADMIN.email);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
