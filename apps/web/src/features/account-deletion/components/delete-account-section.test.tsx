// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETED_WITH_THE_ACCOUNT,
  WRONG_PASSWORD_MESSAGE,
  lastAdminMessage,
} from '@resonant/contracts/account-deletion';
import { MessageResponse } from '@resonant/contracts/errors';
import { getSession } from '../../../lib/session.ts';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';

async function openDialog() {
  const rendered = renderWithProviders(<DeleteAccountSection />);
  await rendered.events.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { ...rendered, dialog };
}

describe('DeleteAccountSection', () => {
  it('lists exactly what goes and waits for DELETE typed out', async () => {
    const { dialog, events } = await openDialog();
    for (const item of DELETED_WITH_THE_ACCOUNT) expect(dialog).toHaveTextContent(item);
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    await events.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(submit).toBeDisabled();
  });

  it('sends the password and the confirmation, then signs out with a goodbye', async () => {
    const calls = answer('post', '/v1/account/delete', MessageResponse, {
      message: ACCOUNT_DELETED_MESSAGE,
    });
    const { dialog, events } = await openDialog();
    await events.type(within(dialog).getByLabelText(/Your password/), 'Secret#123');
    await events.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ password: 'Secret#123', confirmation: 'DELETE' });
    expect(await findToast(ACCOUNT_DELETED_MESSAGE)).toHaveTextContent('Goodbye');
    expect(getSession()).toMatchObject({ status: 'signed-out', ended: true });
  });

  it('shows a wrong password on the field and the last-admin refusal in words', async () => {
    refuse('post', '/v1/account/delete', 400, WRONG_PASSWORD_MESSAGE);
    const { dialog, events } = await openDialog();
    await events.type(within(dialog).getByLabelText(/Your password/), 'nope');
    await events.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
    await events.click(submit);
    expect(await within(dialog).findByText(WRONG_PASSWORD_MESSAGE)).toBeVisible();

    const refusal = lastAdminMessage('Demo Org');
    refuse('post', '/v1/account/delete', 409, refusal);
    await events.click(submit);
    const alert = await within(dialog).findByText(refusal);
    expect(alert).toBeVisible();
    expect(within(dialog).getByText('Your account was not deleted')).toBeVisible();
  });
});
