// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EmailChangeResponse,
} from '@resonant/contracts/email-change';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { ChangeEmailButton } from './change-email-button.tsx';
import { ConfirmEmailChangePage } from './confirm-email-change-page.tsx';

const NEW = 'new.address@example.test';

describe('ChangeEmailButton', () => {
  it('sends the new address and the current password, and says a link is on its way', async () => {
    const calls = answer('post', '/user/email', EmailChangeResponse, {
      message: EMAIL_CHANGE_SENT_MESSAGE,
      email: NEW,
    });
    const { events, fill } = renderWithProviders(<ChangeEmailButton />);
    await events.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await findDialog('Change email');
    await fill(dialog.getByRole('textbox', { name: 'New email' }), NEW);
    await fill(dialog.getByLabelText('Current password'), 'Current#Pass1');
    await events.click(dialog.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ email: NEW, currentPassword: 'Current#Pass1' });
    await findToast(EMAIL_CHANGE_SENT_MESSAGE);
  });

  it('refuses a malformed address before asking, and shows a taken one', async () => {
    refuse('post', '/user/email', 409, EMAIL_TAKEN_MESSAGE);
    const { events, fill } = renderWithProviders(<ChangeEmailButton />);
    await events.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await findDialog('Change email');
    await fill(dialog.getByRole('textbox', { name: 'New email' }), 'not-an-address');
    await events.click(dialog.getByRole('button', { name: 'Send the link' }));
    expect(await dialog.findByText('Invalid email address')).toBeVisible();
    await fill(dialog.getByRole('textbox', { name: 'New email' }), NEW);
    await events.click(dialog.getByRole('button', { name: 'Send the link' }));
    await findToast(EMAIL_TAKEN_MESSAGE);
  });
});

describe('ConfirmEmailChangePage', () => {
  it('changes the email when the person confirms the link', async () => {
    const calls = answer('post', '/auth/email-change/confirm', EmailChangeResponse, {
      message: 'Your email address is changed.',
      email: NEW,
    });
    const { events } = renderWithProviders(<ConfirmEmailChangePage />, {
      user: null,
      url: '/confirm-email-change?it=abc',
    });
    await events.click(await screen.findByRole('button', { name: 'Use this email address' }));
    expect(await screen.findByText(`Sign in with ${NEW} from now on.`)).toBeVisible();
    expect(calls[0]!.body).toEqual({ token: 'abc' });
  });

  it('says why a used or expired link changes nothing', async () => {
    refuse('post', '/auth/email-change/confirm', 410, EMAIL_CHANGE_LINK_INVALID_MESSAGE);
    const { events } = renderWithProviders(<ConfirmEmailChangePage />, {
      user: null,
      url: '/confirm-email-change?it=used',
    });
    await events.click(await screen.findByRole('button', { name: 'Use this email address' }));
    expect(await screen.findByText(EMAIL_CHANGE_LINK_INVALID_MESSAGE)).toBeVisible();
  });
});
