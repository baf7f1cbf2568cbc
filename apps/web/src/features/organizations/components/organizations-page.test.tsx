// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrganizationsResponse, type OrganizationSummary } from '@resonant/contracts/organizations';
import { paths } from '../../../config/paths.ts';
import { answer } from '../../../test-support/api-server.ts';
import { APP_ADMIN, findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { OrganizationsPage } from './organizations-page.tsx';

function organization(n: number, name: string): OrganizationSummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    unique_name: name.replaceAll(' ', '-'),
    created_at: '2026-11-01T09:00:00.000Z',
    active: true,
    is_demo: false,
    groups: [],
    members_count: n,
    admins_count: 1,
    readings_count: 0,
    sessions_count: 0,
  };
}

function answerOrganizations(list: OrganizationSummary[]) {
  answer('get', '/org/profile', OrganizationsResponse, { list });
}

function organizationsTable() {
  return screen.getByRole('table', { name: 'Organizations' });
}

function renderPage() {
  return renderWithProviders(<OrganizationsPage />, { user: APP_ADMIN });
}

describe('OrganizationsPage', () => {
  it('lists the organizations and opens one from its row', async () => {
    answerOrganizations([organization(1, 'Harbor Clinic'), organization(2, 'Demo Org')]);
    const { events, router } = renderPage();
    const row = await within(organizationsTable()).findByRole('row', { name: /Harbor Clinic/ });
    expect(within(row).getByText('Harbor-Clinic')).toBeVisible();
    await events.click(within(row).getByText('Harbor Clinic'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.admin.organization));
  });

  it('searches and pages in place, saying when nothing matches', async () => {
    answerOrganizations(
      Array.from({ length: 12 }, (_, index) => organization(index + 1, `Clinic ${index + 1}`)),
    );
    const { events, fill } = renderPage();
    await within(organizationsTable()).findByRole('row', { name: /Clinic 1\b/ });
    expect(screen.getByText('1–10 of 12')).toBeVisible();
    await events.click(screen.getByRole('button', { name: '2' }));
    expect(
      await within(organizationsTable()).findByRole('row', { name: /Clinic 12/ }),
    ).toBeVisible();

    await fill(screen.getByRole('textbox', { name: 'Search organizations' }), 'Nowhere');
    expect(
      await within(organizationsTable()).findByText('No organizations match your search'),
    ).toBeVisible();
  });

  it('invites the first organization when there is none, through Add Organization', async () => {
    answerOrganizations([]);
    const { events } = renderPage();
    expect(
      await within(organizationsTable()).findByText('No organizations yet. Add the first one.'),
    ).toBeVisible();
    await events.click(screen.getByRole('button', { name: 'Add Organization' }));
    expect(await findDialog('Add Organization')).toBeTruthy();
  });
});
