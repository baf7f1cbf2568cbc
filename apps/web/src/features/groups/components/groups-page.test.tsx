// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GroupListResponse, type GroupSummary } from '@resonant/contracts/groups';
import { answer } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { GroupsPage } from './groups-page.tsx';

function group(n: number, name: string, fields: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    org_id: ORG_ADMIN.current_org_id!,
    is_default: false,
    members: n,
    avg_rmssd: null,
    ...fields,
  };
}

function answerGroups(list: GroupSummary[]) {
  answer('get', '/group/profile', GroupListResponse, { list });
}

function groupsTable() {
  return screen.getByRole('table', { name: 'Groups' });
}

describe('GroupsPage', () => {
  it("lists the groups, the Default group's Delete disabled", async () => {
    answerGroups([group(1, 'Default', { is_default: true }), group(2, 'Engineering')]);
    renderWithProviders(<GroupsPage />);
    const engineering = await within(groupsTable()).findByRole('row', { name: /Engineering/ });
    expect(within(engineering).getByRole('button', { name: 'Delete Engineering' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Default' })).toBeEnabled();
  });

  it('searches in place and pages the groups', async () => {
    answerGroups(Array.from({ length: 12 }, (_, index) => group(index + 1, `Team ${index + 1}`)));
    const { events, fill } = renderWithProviders(<GroupsPage />);
    await within(groupsTable()).findByRole('row', { name: /Team 1\b/ });
    expect(screen.getByText('1–10 of 12')).toBeVisible();
    await events.click(screen.getByRole('button', { name: '2' }));
    expect(await within(groupsTable()).findByRole('row', { name: /Team 12/ })).toBeVisible();

    await fill(screen.getByRole('textbox', { name: 'Search groups' }), 'Team 3');
    await waitFor(() => expect(within(groupsTable()).getAllByRole('row')).toHaveLength(2));
    await fill(screen.getByRole('textbox', { name: 'Search groups' }), 'Marketing');
    expect(await within(groupsTable()).findByText('No groups match your search')).toBeVisible();
  });

  it('invites the first group when there is none', async () => {
    answerGroups([]);
    renderWithProviders(<GroupsPage />);
    expect(
      await within(groupsTable()).findByText('No groups yet. Add the first one.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Group' })).toBeVisible();
  });
});
