// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  AddOrganizationResponse,
  ORGANIZATION_ADDED_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
} from '@resonant/contracts/organizations';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { answerPublicKey } from '../../../test-support/public-key.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { AddOrganizationDialog } from './add-organization-dialog.tsx';

const STRONG_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z\d]).{12,}$/;

async function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<AddOrganizationDialog opened onClose={onClose} />);
  return { ...view, dialog: await findDialog('Add Organization'), onClose };
}

async function fillOrganization(
  { dialog, events, fill }: Awaited<ReturnType<typeof renderDialog>>,
  name: string,
) {
  await fill(dialog.getByRole('textbox', { name: 'Organization Name' }), name);
  await fill(dialog.getByRole('textbox', { name: 'First Name' }), 'Hana');
  await fill(dialog.getByRole('textbox', { name: 'Last Name' }), 'Harbor');
  await fill(dialog.getByRole('textbox', { name: 'Email' }), 'hana.harbor@example.test');
  await fill(dialog.getByRole('textbox', { name: 'Date of Birth' }), '1982-07-21');
  await events.keyboard('{Escape}');
}

describe('AddOrganizationDialog', () => {
  it('starts with Male and a strong masked password, and keeps Add disabled until valid', async () => {
    await answerPublicKey();
    const view = await renderDialog();
    const { dialog, events } = view;
    const add = dialog.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    expect(dialog.getByRole('combobox', { name: 'Gender' })).toHaveValue('Male');
    const password = dialog.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect((password as HTMLInputElement).value).toMatch(STRONG_PASSWORD);
    await events.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await fillOrganization(view, 'Northwind Health');
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('says a taken name under the field, then adds the organization with the password encrypted', async () => {
    const decrypt = await answerPublicKey();
    refuse('post', '/org/profile', 409, ORGANIZATION_NAME_TAKEN_MESSAGE);
    const view = await renderDialog();
    const { dialog, events, fill, onClose } = view;
    const add = dialog.getByRole('button', { name: 'Add' });
    const generated = (dialog.getByLabelText(/^Password/) as HTMLInputElement).value;
    await fillOrganization(view, 'Taken Org');
    await waitFor(() => expect(add).toBeEnabled());
    await events.click(add);
    expect(await dialog.findByText(ORGANIZATION_NAME_TAKEN_MESSAGE)).toBeVisible();
    expect(add).toBeDisabled();

    const calls = answer('post', '/org/profile', AddOrganizationResponse, {
      message: ORGANIZATION_ADDED_MESSAGE,
      org_id: '00000000-0000-4000-8000-0000000000a9',
      admin_status: 'invited',
      default_group_id: '00000000-0000-4000-8000-0000000000d9',
    });
    await fill(dialog.getByRole('textbox', { name: 'Organization Name' }), 'Northwind Health');
    await waitFor(() => expect(add).toBeEnabled());
    await events.click(add);
    expect(await findToast(ORGANIZATION_ADDED_MESSAGE)).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      name: 'Northwind Health',
      first_name: 'Hana',
      last_name: 'Harbor',
      email: 'hana.harbor@example.test',
      gender: 'Male',
      dob: '1982-07-21',
    });
    expect(await decrypt(body.password!)).toBe(generated);
  });
});
