// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import {
  ALREADY_MEMBER_OR_INVITED_MESSAGE,
  USER_INVITED_MESSAGE,
  AddOrgUserResponse,
  UserGroupsResponse,
} from '@resonant/contracts/org-users';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { answerPublicKey } from '../../../test-support/public-key.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { AddUserDialog } from './add-user-dialog.tsx';

const ENGINEERING = '00000000-0000-4000-8000-0000000000e1';

function answerGroupOptions() {
  answer('get', '/org/users/group_options', UserGroupsResponse, {
    items: [
      { group_id: ENGINEERING, group_name: 'Engineering', is_default: false },
      {
        group_id: '00000000-0000-4000-8000-0000000000e2',
        group_name: 'Operations',
        is_default: false,
      },
    ],
  });
}

async function renderDialog(mode: 'org' | 'group' = 'org') {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <AddUserDialog mode={mode} groupName="Engineering" opened onClose={onClose} />,
  );
  return { ...view, dialog: await findDialog('Add User'), onClose };
}

async function fillValidUser({ dialog, fill }: Awaited<ReturnType<typeof renderDialog>>) {
  await fill(dialog.getByRole('textbox', { name: 'First Name' }), 'Edda');
  await fill(dialog.getByRole('textbox', { name: 'Last Name' }), 'Added');
  await fill(dialog.getByRole('textbox', { name: 'Email' }), 'Edda.Added@Example.test');
  await fill(dialog.getByLabelText(/^Password/), 'Welcome#Edda#42');
}

async function chooseGroup(
  events: Awaited<ReturnType<typeof renderDialog>>['events'],
  name: string,
) {
  await events.click(screen.getByRole('combobox', { name: 'Groups' }));
  await events.click(await screen.findByRole('option', { name }));
}

describe('AddUserDialog', () => {
  it('starts at Male and today, and sends nothing while a rule fails', async () => {
    await answerPublicKey();
    answerGroupOptions();
    const { dialog, events, fill } = await renderDialog();
    // SPEC §5 defaults.
    expect(dialog.getByRole('combobox', { name: 'Gender' })).toHaveValue('Male');
    expect(dialog.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue(
      dayjs().format('YYYY-MM-DD'),
    );

    // No POST is answered: a request here would fail the test.
    await events.click(dialog.getByRole('button', { name: 'Add User' }));
    expect(await dialog.findByText('First Name is required')).toBeVisible();
    expect(dialog.getByText('Please select at least one option')).toBeVisible();

    await fill(dialog.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await events.tab();
    expect(await dialog.findByText('Please enter a valid email.')).toBeVisible();
  });

  it('sends the user with the password encrypted, toasts the answer and closes', async () => {
    const decrypt = await answerPublicKey();
    answerGroupOptions();
    const calls = answer('post', '/org/users', AddOrgUserResponse, {
      message: USER_INVITED_MESSAGE,
      status: 'invited',
    });
    const view = await renderDialog();
    const { dialog, events, onClose } = view;
    expect(
      dialog.getByText(/^Invite user to your Organization: the user gets an invitation/),
    ).toBeVisible();
    await fillValidUser(view);
    await chooseGroup(events, 'Engineering');
    await events.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await findToast(USER_INVITED_MESSAGE)).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: 'Edda',
      lastName: 'Added',
      email: 'edda.added@example.test',
      gender: 'Male',
      birthDate: dayjs().format('YYYY-MM-DD'),
      groupIds: [ENGINEERING],
    });
    expect(body.password).not.toBe('Welcome#Edda#42');
    expect(await decrypt(body.password as string)).toBe('Welcome#Edda#42');
  });

  it("keeps the dialog open with the server's refusal as a toast", async () => {
    await answerPublicKey();
    answerGroupOptions();
    refuse('post', '/org/users', 409, ALREADY_MEMBER_OR_INVITED_MESSAGE);
    const view = await renderDialog();
    const { dialog, events, onClose } = view;
    await fillValidUser(view);
    await chooseGroup(events, 'Operations');
    await events.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await findToast(ALREADY_MEMBER_OR_INVITED_MESSAGE)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Edda');
  });

  it("a group admin's user joins their group: no group choice", async () => {
    await answerPublicKey();
    const { dialog } = await renderDialog('group');
    expect(dialog.getByText(/The user joins/)).toHaveTextContent('The user joins Engineering.');
    expect(dialog.queryByRole('textbox', { name: 'Groups' })).toBeNull();
  });

  it('refuses "Bob!" as a name (SPEC §5 name rule) and sends nothing', async () => {
    await answerPublicKey();
    answerGroupOptions();
    const view = await renderDialog();
    await fillValidUser(view);
    await view.fill(view.dialog.getByRole('textbox', { name: 'First Name' }), 'Bob!');
    await chooseGroup(view.events, 'Engineering');
    await view.events.click(view.dialog.getByRole('button', { name: 'Add User' }));
    expect(await view.dialog.findByText('Invalid characters', { exact: true })).toBeVisible();
    expect(view.onClose).not.toHaveBeenCalled();
  });

  it('closes untouched at once; with unsaved input it asks first, however it is closed', async () => {
    await answerPublicKey();
    answerGroupOptions();
    const { dialog, events, fill, onClose } = await renderDialog();
    await events.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();

    const email = dialog.getByRole('textbox', { name: 'Email' });
    await fill(email, 'typed@example.test');
    for (const close of [
      () => events.click(dialog.getByRole('button', { name: 'Close' })),
      () => events.click(dialog.getByRole('button', { name: 'Cancel' })),
      () => events.keyboard('{Escape}'),
    ]) {
      await close();
      const question = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
      expect(question.getByText('What you entered in this dialog will be lost.')).toBeVisible();
      await events.click(question.getByRole('button', { name: 'Keep editing' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
      );
      expect(email).toHaveValue('typed@example.test');
    }
    expect(onClose).toHaveBeenCalledTimes(1);

    await events.click(dialog.getByRole('button', { name: 'Cancel' }));
    const question = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    await events.click(question.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    // The next opening starts empty.
    expect(email).toHaveValue('');
  });

  it('Esc on the date picker closes the calendar only, keeping the dialog and its input', async () => {
    await answerPublicKey();
    answerGroupOptions();
    const { dialog, events, fill, onClose } = await renderDialog();
    await fill(dialog.getByRole('textbox', { name: 'First Name' }), 'Edda');
    await events.click(dialog.getByRole('textbox', { name: 'Date of Birth' }));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Edda');

    // Esc outside the calendar asks before the typed name is lost (visible once its opening
    // transition has run: jsdom reports it at opacity 0 until then).
    await events.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await waitFor(() => expect(question).toBeVisible());
  });
});
