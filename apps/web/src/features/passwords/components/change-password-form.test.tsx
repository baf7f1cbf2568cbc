// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageResponse } from '@resonant/contracts/errors';
import {
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
} from '@resonant/contracts/passwords';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

function renderForm() {
  const onChanged = vi.fn();
  const view = renderWithProviders(
    <ChangePasswordForm
      currentLabel="Temporary password"
      submitLabel="Save and continue"
      onChanged={onChanged}
    />,
  );
  return {
    ...view,
    form: within(screen.getByRole('form', { name: 'Change password' })),
    onChanged,
  };
}

describe('ChangePasswordForm', () => {
  it('needs the same new password twice and at least 8 characters, sending nothing', async () => {
    const { form, fill, events, onChanged } = renderForm();
    await fill(form.getByLabelText(/^Temporary password/), 'Given#Temporary#26');
    await fill(form.getByLabelText(/^New password/), 'Short#1');
    await fill(form.getByLabelText(/^Confirm new password/), 'Other#Pass#22');
    await events.click(form.getByRole('button', { name: 'Save and continue' }));
    expect(await form.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(form.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeVisible();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, and shows the server’s refusal', async () => {
    refuse('put', '/user/password', 400, PASSWORD_TOO_COMMON_MESSAGE);
    const { form, fill, events, onChanged } = renderForm();
    await fill(form.getByLabelText(/^Temporary password/), 'Given#Temporary#26');
    await fill(form.getByLabelText(/^New password/), 'Password123!');
    await fill(form.getByLabelText(/^Confirm new password/), 'Password123!');
    await events.click(form.getByRole('button', { name: 'Save and continue' }));
    expect(await findToast(PASSWORD_TOO_COMMON_MESSAGE)).toBeVisible();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('changes it and goes on', async () => {
    const calls = answer('put', '/user/password', MessageResponse, {
      message: 'Your password has been changed',
    });
    const { form, fill, events, onChanged } = renderForm();
    await fill(form.getByLabelText(/^Temporary password/), 'Given#Temporary#26');
    await fill(form.getByLabelText(/^New password/), 'Mine#Own#2026');
    await fill(form.getByLabelText(/^Confirm new password/), 'Mine#Own#2026');
    await events.click(form.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({
      currentPassword: 'Given#Temporary#26',
      newPassword: 'Mine#Own#2026',
    });
  });
});
