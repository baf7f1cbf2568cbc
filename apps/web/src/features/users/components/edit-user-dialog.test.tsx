// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  MessageWithUser,
  PROFILE_OWNED_NOTE,
  USER_GROUPS_FAILED_MESSAGE,
  UserGroupsResponse,
} from '@resonant/contracts/org-users';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { orgUser } from '../../../test-support/org-users.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';

const ENGINEERING = '00000000-0000-4000-8000-0000000000e1';
const OPERATIONS = '00000000-0000-4000-8000-0000000000e2';

const MILA = orgUser(1, {
  user_id: '00000000-0000-4000-8000-0000000000b1',
  full_name: 'Mila Brandt',
  first_name: 'Mila',
  last_name: 'Brandt',
  birth_date: '1991-05-17',
  email: 'mila.brandt@example.test',
});

function answerGroups() {
  answer('get', `/org/user_groups/${MILA.user_id}`, UserGroupsResponse, {
    items: [{ group_id: ENGINEERING, group_name: 'Engineering', is_default: false }],
  });
  answer('get', '/org/users/group_options', UserGroupsResponse, {
    items: [
      { group_id: ENGINEERING, group_name: 'Engineering', is_default: false },
      { group_id: OPERATIONS, group_name: 'Operations', is_default: false },
    ],
  });
}

async function renderDialog(
  options: { mode?: 'org' | 'group'; isSelf?: boolean; user?: typeof MILA } = {},
) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <EditUserDialog
      mode={options.mode ?? 'org'}
      user={options.user ?? MILA}
      isSelf={options.isSelf ?? false}
      onClose={onClose}
    />,
  );
  return { ...view, dialog: await findDialog('Edit User'), onClose };
}

describe('EditUserDialog', () => {
  it('shows a profile the person owns read-only, says why, and sends it unchanged', async () => {
    answerGroups();
    const calls = answer('put', '/org/users', MessageWithUser, {
      message: 'User updated successfully',
      user_id: MILA.user_id,
    });
    const { dialog, events } = await renderDialog({ user: { ...MILA, profile_editable: false } });
    expect(dialog.getByText(PROFILE_OWNED_NOTE)).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    expect(dialog.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('1991-05-17');
    expect(await dialog.findByText('Engineering', { exact: true })).toBeVisible();
    await events.click(dialog.getByRole('checkbox', { name: /Organization Admin/ }));
    await events.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ firstName: 'Mila', lastName: 'Brandt', isAdmin: true });
  });

  it('starts from the user and their groups, and sends the change with the admin role', async () => {
    answerGroups();
    const calls = answer('put', '/org/users', MessageWithUser, {
      message: 'User updated successfully',
      user_id: MILA.user_id,
    });
    const { dialog, events, fill, onClose } = await renderDialog();
    expect(await dialog.findByText('Engineering', { exact: true })).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Mila');
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(MILA.email);
    const admin = dialog.getByRole('checkbox', { name: 'Organization Admin' });
    expect(admin).not.toBeChecked();

    await fill(dialog.getByRole('textbox', { name: 'Last Name' }), 'Brandt-Neu');
    await events.click(admin);
    await events.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('User updated successfully')).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => call.body)).toEqual([
      {
        userId: MILA.user_id,
        firstName: 'Mila',
        lastName: 'Brandt-Neu',
        gender: 'Female',
        birthDate: '1991-05-17',
        groupIds: [ENGINEERING],
        isAdmin: true,
      },
    ]);
  });

  it('offers no admin checkbox on the own row (SPEC §6)', async () => {
    answerGroups();
    const { dialog } = await renderDialog({ isSelf: true });
    expect(await dialog.findByText('Engineering', { exact: true })).toBeVisible();
    expect(dialog.queryByRole('checkbox', { name: 'Organization Admin' })).toBeNull();
  });

  it('says when the groups cannot be loaded, and saves nothing', async () => {
    answer('get', '/org/users/group_options', UserGroupsResponse, { items: [] });
    refuse('get', `/org/user_groups/${MILA.user_id}`, 400, 'Refused');
    const { dialog } = await renderDialog();
    expect(
      await dialog.findByText(USER_GROUPS_FAILED_MESSAGE, { selector: 'div *' }),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('a group admin edits the details only: no groups, no admin role', async () => {
    const { dialog } = await renderDialog({ mode: 'group' });
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeVisible();
    expect(dialog.queryByRole('textbox', { name: 'Groups' })).toBeNull();
    expect(dialog.queryByRole('checkbox', { name: 'Organization Admin' })).toBeNull();
    expect(screen.queryByLabelText('Loading groups')).toBeNull();
  });
});
