// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  INVITATION_SENT_MESSAGE,
  INVITE_DIALOG_TITLE,
  INVITE_RATE_LIMITED_MESSAGE,
  INVITE_ROLE_NOTES,
  InvitationGroupsResponse,
  InvitationSentResponse,
} from '@resonant/contracts/invitations';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { InviteUserDialog } from './invite-user-dialog.tsx';

const ENGINEERING = '00000000-0000-4000-8000-0000000000e1';

function answerGroups() {
  answer('get', '/org/invitation/groups', InvitationGroupsResponse, {
    list: [
      { id: '00000000-0000-4000-8000-0000000000d0', name: 'Default', is_default: true },
      { id: ENGINEERING, name: 'Engineering', is_default: false },
    ],
  });
}

async function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<InviteUserDialog mode="org" opened onClose={onClose} />);
  return { ...view, dialog: await findDialog(INVITE_DIALOG_TITLE), onClose };
}

async function fillInvitee({ dialog, events, fill }: Awaited<ReturnType<typeof renderDialog>>) {
  await fill(dialog.getByRole('textbox', { name: 'First name' }), 'Ivy');
  await fill(dialog.getByRole('textbox', { name: 'Last name' }), 'Invitee');
  await fill(dialog.getByRole('textbox', { name: 'Email' }), 'Ivy.Invitee@Example.test');
  await events.click(dialog.getByRole('combobox', { name: 'Group' }));
  await events.click(await screen.findByRole('option', { name: 'Engineering' }));
}

describe('InviteUserDialog', () => {
  it('shows every error on one click of Send Invitation on the empty form', async () => {
    answerGroups();
    const { dialog, events } = await renderDialog();
    // First name has the focus, so the click blurs it: its error must not swallow the click.
    expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    await events.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    // First name, Last name, Email and Group.
    await waitFor(() =>
      expect(dialog.getAllByText('This field is required', { exact: true })).toHaveLength(4),
    );
  });

  it('sends the invitation with the chosen role, toasts and closes', async () => {
    answerGroups();
    const calls = answer('post', '/org/invitation', InvitationSentResponse, {
      message: INVITATION_SENT_MESSAGE,
      invitation: {
        id: '00000000-0000-4000-8000-0000000000c1',
        email: 'ivy.invitee@example.test',
        status: 'pending',
        role: 'group',
        mail_status: 'queued',
        created_at: '2026-12-07T09:00:00.000Z',
        expires_at: '2026-12-14T09:00:00.000Z',
        state: {
          first_name: 'Ivy',
          last_name: 'Invitee',
          org_name: 'Acme Wellness',
          group_name: 'Engineering',
        },
      },
    });
    const view = await renderDialog();
    const { dialog, events, onClose } = view;
    expect(dialog.getByText(INVITE_ROLE_NOTES.user)).toBeVisible();
    await fillInvitee(view);
    await events.click(dialog.getByRole('radio', { name: 'Group Admin' }));
    expect(dialog.getByText(INVITE_ROLE_NOTES.group)).toBeVisible();
    await events.click(dialog.getByRole('button', { name: 'Send Invitation' }));

    expect(await findToast(INVITATION_SENT_MESSAGE)).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Invitee',
      email: 'ivy.invitee@example.test',
      role: 'group',
      groupId: ENGINEERING,
    });
  });

  it('keeps what was typed when the server refuses, with its message as a toast', async () => {
    answerGroups();
    refuse('post', '/org/invitation', 429, INVITE_RATE_LIMITED_MESSAGE);
    const view = await renderDialog();
    await fillInvitee(view);
    await view.events.click(view.dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await findToast(INVITE_RATE_LIMITED_MESSAGE)).toBeVisible();
    expect(view.onClose).not.toHaveBeenCalled();
    expect(view.dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Ivy');
  });
});
