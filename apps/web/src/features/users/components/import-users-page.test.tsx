// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_CSV_ONLY_MESSAGE,
  IMPORT_DONE_MESSAGE,
  IMPORT_INVALID_DATA_MESSAGE,
  ImportUsersResponse,
} from '@resonant/contracts/org-users';
import { answer } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { ImportUsersPage } from './import-users-page.tsx';

const CSV = [
  'first_name,last_name,email,gender,birth_date,group',
  'Ines,Imported,ines@example.test,Female,1988-08-08,Engineering',
  'Bad,Row,not-an-email,Male,1990-01-01,',
  'Kofi,Imported,kofi@example.test,Male,1979-01-31,Operations',
].join('\n');

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input on the page');
  return input;
}

function importButton() {
  return screen.getByRole('button', { name: 'Import users' });
}

describe('ImportUsersPage', () => {
  it('documents the columns and refuses a file that is not a .csv', async () => {
    const { events } = renderWithProviders(<ImportUsersPage />);
    expect(screen.getByRole('table', { name: 'Columns of the import file' })).toBeVisible();
    expect(screen.getByText('Only .csv files, at most 10 MB.')).toBeVisible();
    expect(importButton()).toBeDisabled();

    await events.upload(fileInput(), new File(['not a csv'], 'users.xlsx'));
    // Said under the field and as a toast.
    await waitFor(() => expect(screen.getAllByText(IMPORT_CSV_ONLY_MESSAGE)).toHaveLength(2));
    expect(importButton()).toBeDisabled();
  });

  it('names the button that clears the chosen file, and clearing it disables the import', async () => {
    const { events } = renderWithProviders(<ImportUsersPage />);
    await events.upload(fileInput(), new File([CSV], 'team.csv', { type: 'text/csv' }));
    expect(importButton()).toBeEnabled();

    await events.click(screen.getByRole('button', { name: 'Clear the chosen file' }));
    expect(importButton()).toBeDisabled();
  });

  it('uploads the file and lists the rows that failed with their reason', async () => {
    const calls = answer('post', '/org/users/import', ImportUsersResponse, {
      message: IMPORT_DONE_MESSAGE,
      data: {
        invited: 2,
        skipped: 0,
        failedCount: 1,
        failed: [{ row: 3, email: 'not-an-email', reason: 'Please enter a valid email.' }],
      },
    });
    const { events } = renderWithProviders(<ImportUsersPage />);
    await events.upload(fileInput(), new File([CSV], 'team.csv', { type: 'text/csv' }));
    await events.click(importButton());

    const errors = await findDialog(IMPORT_INVALID_DATA_MESSAGE);
    expect(errors.getByText('2 users invited, 1 row failed.', { exact: false })).toBeVisible();
    const failed = within(errors.getByRole('table', { name: 'Rows that were not imported' }));
    expect(failed.getByRole('columnheader', { name: 'Username' })).toBeVisible();
    expect(failed.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    expect(failed.getByRole('row', { name: /not-an-email/ })).toHaveTextContent(
      'Please enter a valid email.',
    );
    expect(calls).toHaveLength(1);
  });

  it('toasts the counts when every row went in', async () => {
    answer('post', '/org/users/import', ImportUsersResponse, {
      message: IMPORT_DONE_MESSAGE,
      data: { invited: 2, skipped: 0, failedCount: 0, failed: [] },
    });
    const { events } = renderWithProviders(<ImportUsersPage />);
    await events.upload(fileInput(), new File([CSV], 'team.csv', { type: 'text/csv' }));
    await events.click(importButton());
    expect(await findToast(`${IMPORT_DONE_MESSAGE}: 2 users invited.`)).toBeVisible();
  });
});
