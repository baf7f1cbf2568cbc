// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrgUsersResponse, UsersStatsResponse, type OrgUser } from '@resonant/contracts/org-users';
import { answer } from '../../../test-support/api-server.ts';
import { orgUser } from '../../../test-support/org-users.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { UsersPage } from './users-page.tsx';

const ME = orgUser(1, {
  user_id: ORG_ADMIN.user_id,
  full_name: 'Olivia Admin',
  email: ORG_ADMIN.email,
  user_highest_role: 'org',
});

function answerStats() {
  answer('get', '/org/users_stats', UsersStatsResponse, {
    total_active_users: 3,
    total_internal_users: 4,
    total_external_users: 1,
    total: 5,
    seats: 2,
    billing_from: '2026-12-01',
    billing_to: '2026-12-31',
  });
}

/** Answers the list with `rows` out of `total`, and returns the queries it was asked. */
function answerUsers(rows: OrgUser[], total = rows.length) {
  const calls = answer('get', '/org/users', OrgUsersResponse, { list: rows, noOfRows: total });
  return () => calls.map((call) => Object.fromEntries(call.url.searchParams));
}

function usersTable() {
  return screen.getByRole('table', { name: 'Users of the organization' });
}

describe('UsersPage', () => {
  it('shows the stat cards and the users, marking the signed-in admin', async () => {
    answerStats();
    const queries = answerUsers([
      ME,
      orgUser(2, { subscription_payer: 'External', is_solo: true }),
    ]);
    renderWithProviders(<UsersPage />);

    const own = await screen.findByRole('row', { name: /Olivia Admin/ });
    expect(within(own).getByText('You')).toBeVisible();
    expect(within(own).getByText('Admin', { exact: true })).toBeVisible();
    // Nobody removes themselves (SPEC §6): the own row has Edit only.
    expect(within(own).getByRole('button', { name: 'Edit Olivia Admin' })).toBeVisible();
    expect(within(own).queryByRole('button', { name: /^Remove / })).toBeNull();

    const other = screen.getByRole('row', { name: /Person 2/ });
    expect(within(other).getByText('External', { exact: true })).toBeVisible();
    expect(within(other).getByRole('button', { name: 'Remove Person 2' })).toBeVisible();

    for (const label of ['Active Users', 'Internal Users', 'External Users', 'Total Users']) {
      expect(screen.getByText(label, { exact: true })).toBeVisible();
    }
    expect(queries()).toEqual([{ type: 'all', limit: '10', offset: '0' }]);
  });

  it('says when there are no users, and when none matches the search', async () => {
    answerStats();
    const queries = answerUsers([]);
    const { events } = renderWithProviders(<UsersPage />);
    expect(await within(usersTable()).findByText('No users yet')).toBeVisible();

    await events.type(screen.getByRole('textbox', { name: 'Search users' }), 'zed');
    expect(await within(usersTable()).findByText('No user matches your search')).toBeVisible();
    expect(queries().at(-1)).toEqual({ type: 'all', search: 'zed', limit: '10', offset: '0' });
  });

  it('asks the server for the chosen sort, list type and page', async () => {
    answerStats();
    const rows = Array.from({ length: 10 }, (_, index) => orgUser(index + 2));
    const queries = answerUsers(rows, 25);
    const { events } = renderWithProviders(<UsersPage />);
    await screen.findByRole('row', { name: /Person 2/ });
    expect(screen.getByText('1–10 of 25')).toBeVisible();

    await events.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        type: 'all',
        sort: 'email',
        order: 'asc',
        limit: '10',
        offset: '0',
      }),
    );
    await events.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ offset: '10' }));

    // A new list type starts again at page 1.
    await events.click(screen.getByText('Admins'));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ type: 'allAdmins', offset: '0' }));
  });

  it('sorts by a column header, both ways', async () => {
    answerStats();
    const queries = answerUsers([ME, orgUser(2)]);
    const { events } = renderWithProviders(<UsersPage />);
    await screen.findByRole('row', { name: /Person 2/ });
    const header = within(usersTable()).getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await events.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(queries().at(-1)).toMatchObject({ sort: 'name', order: 'asc' });

    await events.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(queries().at(-1)).toMatchObject({ sort: 'name', order: 'desc' });
  });
});
