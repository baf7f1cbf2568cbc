// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_INBOX_MESSAGE, CheckInboxResponse } from '@resonant/contracts/email-verification';
import { answer } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
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
  const onSignIn = vi.fn();
  const view = renderWithProviders(<SignUpForm onSignIn={onSignIn} />, { user: null });
  return {
    ...view,
    form: within(screen.getByRole('form', { name: 'Create account' })),
    onSignIn,
  };
}

describe('SignUpForm', () => {
  it('validates every field with the SPEC messages, sending nothing', async () => {
    const { form, events, fill } = renderForm();
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
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });

  it('sends the new account once every rule holds, then says to check the inbox', async () => {
    const calls = answer('post', '/auth/sign-up', CheckInboxResponse, {
      message: CHECK_INBOX_MESSAGE,
    });
    const { form, events, fill, onSignIn } = renderForm();
    await fill(form.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await fill(form.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    await events.click(form.getByRole('combobox', { name: 'Gender' }));
    await events.click(await screen.findByRole('option', { name: 'Female' }));
    await fill(form.getByRole('textbox', { name: 'Date of Birth' }), '1990-05-17');
    await events.keyboard('{Escape}');
    await fill(form.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
    await fill(form.getByLabelText(/^Password/), 'Secret#123');
    await events.click(form.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toHaveFocus();
    expect(screen.getByText('ada@example.test')).toBeVisible();
    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignIn).toHaveBeenCalledTimes(1));
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
