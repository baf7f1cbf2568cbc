// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ParticipantsResponse, type Participant } from '@resonant/contracts/participants';
import { UserProfile } from '@resonant/contracts/profile';
import { answer } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { ParticipantsPage } from './participants-page.tsx';

const GROUP_ADMIN = UserProfile.parse({
  ...ORG_ADMIN,
  user_id: '00000000-0000-4000-8000-0000000000a3',
  user_type: 'group',
  first_name: 'Zed',
  last_name: 'Lead',
  current_group_id: '00000000-0000-4000-8000-0000000000e1',
  group_name: 'Engineering',
});

function participant(n: number, firstName: string, lastName: string): Participant {
  return {
    user_id:
      n === 0 ? GROUP_ADMIN.user_id : `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    full_name: `${firstName} ${lastName}`,
    first_name: firstName,
    last_name: lastName,
    birth_date: '1990-01-01',
    gender: 'Female',
    email: `person${n}@example.test`,
    last_activity_date: null,
    last_activity_type: null,
    user_highest_role: n === 0 ? 'group' : 'user',
    created_at: '2026-01-05T10:00:00.000Z',
    subscription_payer: 'Org',
    is_solo: false,
    is_external: false,
    profile_editable: false,
    is_group_admin: n === 0,
    last_reading_at: null,
    avg_rmssd: null,
  };
}

/** The group admin and eleven members, Member A to Member K. */
const GROUP = [
  participant(0, 'Zed', 'Lead'),
  ...Array.from({ length: 11 }, (_, index) =>
    participant(index + 1, `Member ${String.fromCharCode(65 + index)}`, 'Hughes'),
  ),
];

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Users of the group' }))
    .getAllByRole('row')
    .slice(1);
}

describe('ParticipantsPage', () => {
  it('sorts every member of a large group, then pages them; a search starts at page 1', async () => {
    answer('get', '/group/participants', ParticipantsResponse, { list: GROUP });
    const { events, fill } = renderWithProviders(
      <ParticipantsPage addUser={() => null} editUser={() => null} />,
      { user: GROUP_ADMIN },
    );
    // Twenty rows a page by default: all twelve fit; ten a page makes two pages.
    await screen.findByRole('row', { name: /Member K Hughes/ });
    expect(bodyRows()).toHaveLength(12);
    const pageSize = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(pageSize).toHaveValue('20');
    await events.click(pageSize);
    await events.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByText('1–10 of 12')).toBeVisible();

    // Descending by name puts the admin, last of all twelve, first: the sort orders every row.
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    await events.click(within(nameHeader).getByRole('button'));
    await events.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('Zed Lead');

    await events.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('11–12 of 12')).toBeVisible();
    expect(bodyRows().at(-1)).toHaveTextContent('Member A');

    await fill(screen.getByRole('textbox', { name: 'Search users' }), 'Member');
    expect(await screen.findByText('1–10 of 11')).toBeVisible();
  });
});
