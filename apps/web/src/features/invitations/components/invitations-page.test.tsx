// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  INVITATION_RESENT_MESSAGE,
  INVITE_DIALOG_TITLE,
  InvitationGroupsResponse,
  InvitationListResponse,
  InvitationSentResponse,
  type Invitation,
} from '@resonant/contracts/invitations';
import { answer } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { InvitationsPage } from './invitations-page.tsx';

function invitation(n: number, fields: Partial<Invitation> = {}): Invitation {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `invitee${n}@example.test`,
    status: 'pending',
    role: 'user',
    mail_status: 'sent',
    created_at: '2026-12-01T09:00:00.000Z',
    expires_at: '2026-12-08T09:00:00.000Z',
    state: {
      first_name: 'Invitee',
      last_name: String(n),
      org_name: 'Acme Wellness',
      group_name: 'Engineering',
    },
    ...fields,
  };
}

function answerInvitations(rows: Invitation[], total = rows.length) {
  const calls = answer('get', '/org/invitation/list', InvitationListResponse, {
    list: rows,
    noOfRows: total,
  });
  return () => calls.map((call) => Object.fromEntries(call.url.searchParams));
}

function invitationsTable() {
  return screen.getByRole('table', { name: 'Invitations' });
}

describe('InvitationsPage', () => {
  it('lists the invitations; an accepted one offers no resend', async () => {
    const queries = answerInvitations([
      invitation(1),
      invitation(2, { status: 'accepted', email: 'done@example.test' }),
    ]);
    renderWithProviders(<InvitationsPage mode="org" />);
    const pending = await within(invitationsTable()).findByRole('row', {
      name: /invitee1@example\.test/,
    });
    expect(
      within(pending).getByRole('button', { name: 'Resend invitation to invitee1@example.test' }),
    ).toBeVisible();
    const accepted = within(invitationsTable()).getByRole('row', { name: /done@example\.test/ });
    expect(within(accepted).queryByRole('button', { name: /^Resend/ })).toBeNull();
    expect(queries()).toEqual([{ limit: '10', offset: '0' }]);
  });

  it('resends an invitation and toasts it', async () => {
    answerInvitations([invitation(1)]);
    const calls = answer('put', '/org/invitation', InvitationSentResponse, {
      message: INVITATION_RESENT_MESSAGE,
      invitation: invitation(1),
    });
    const { events } = renderWithProviders(<InvitationsPage mode="org" />);
    await events.click(
      await screen.findByRole('button', { name: 'Resend invitation to invitee1@example.test' }),
    );
    expect(await findToast(INVITATION_RESENT_MESSAGE)).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it('pages on the server', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => invitation(index + 1));
    const queries = answerInvitations(rows, 12);
    const { events } = renderWithProviders(<InvitationsPage mode="org" />);
    await within(invitationsTable()).findByRole('row', { name: /invitee1@/ });
    expect(screen.getByText('1–10 of 12')).toBeVisible();
    await events.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '10', offset: '10' }));
  });

  it('searches on the server, saying when nothing matches', async () => {
    answerInvitations([invitation(1)]);
    const { fill } = renderWithProviders(<InvitationsPage mode="org" />);
    await within(invitationsTable()).findByRole('row', { name: /invitee1@/ });
    const searched = answerInvitations([]);
    await fill(screen.getByRole('textbox', { name: 'Search invitations' }), 'nobody');
    expect(
      await within(invitationsTable()).findByText('No invitations match your search'),
    ).toBeVisible();
    expect(searched().at(-1)).toEqual({ search: 'nobody', limit: '10', offset: '0' });
  });

  it('says when there are none yet, and opens Invite User', async () => {
    answerInvitations([]);
    answer('get', '/org/invitation/groups', InvitationGroupsResponse, { list: [] });
    const { events } = renderWithProviders(<InvitationsPage mode="org" />);
    expect(await within(invitationsTable()).findByText('No invitations yet')).toBeVisible();
    await events.click(screen.getByRole('button', { name: 'Invite User' }));
    expect(await findDialog(INVITE_DIALOG_TITLE)).toBeTruthy();
  });
});
