// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthResponse } from '@resonant/contracts/auth';
import { answer } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const REQUIRED_MESSAGES = [
  'First Name is required',
  'Last Name is required',
  'Gender is required',
  'Date of Birth is required',
  'Email is required',
  'Password is required',
];

function renderForm() {
  const onSignedUp = vi.fn();
  const view = renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />, { user: null });
  return {
    ...view,
    form: within(screen.getByRole('form', { name: 'Create account' })),
    onSignedUp,
  };
}

describe('SignUpForm', () => {
  it('validates every field with the SPEC messages, sending nothing', async () => {
    const { form, events, fill, onSignedUp } = renderForm();
    await events.click(form.getByRole('button', { name: 'Sign Up' }));
    for (const message of REQUIRED_MESSAGES) {
      expect(await form.findByText(message, { exact: true })).toBeVisible();
    }

    await fill(form.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await events.tab();
    expect(await form.findByText('Invalid email address', { exact: true })).toBeVisible();
    expect(form.queryByText('Email is required', { exact: true })).toBeNull();

    await fill(form.getByLabelText(/^Password/), 'abc');
    await events.tab();
    expect(
      await form.findByText('Password must be at least 8 characters', { exact: true }),
    ).toBeVisible();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('sends the new account once every rule holds', async () => {
    const calls = answer('post', '/auth/sign-up', AuthResponse, {
      token: 'fresh-token',
      expiresAt: '2099-01-01T00:00:00.000Z',
      user: ORG_ADMIN,
    });
    const { form, events, fill, onSignedUp } = renderForm();
    await fill(form.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await fill(form.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    await events.click(form.getByRole('combobox', { name: 'Gender' }));
    await events.click(await screen.findByRole('option', { name: 'Female' }));
    await fill(form.getByRole('textbox', { name: 'Date of Birth' }), '1990-05-17');
    await events.keyboard('{Escape}');
    await fill(form.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
    await fill(form.getByLabelText(/^Password/), 'Secret#123');
    await events.click(form.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'Female',
      birthDate: '1990-05-17',
      email: 'ada@example.test',
      password: 'Secret#123',
    });
  });
});
