// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LAST_ORG_ADMIN_LEAVE_MESSAGE,
  LEAVE_CONSEQUENCES,
  LeaveOrganizationResponse,
  MyOrganizationsResponse,
  NO_ORGANIZATIONS_MESSAGE,
  type MyOrganization,
} from '@resonant/contracts/my-organizations';
import { UserProfile } from '@resonant/contracts/profile';
import { OrgsAndGroupsResponse } from '@resonant/contracts/switch';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { findDialog, ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { MyOrganizationsPage } from './my-organizations-page.tsx';

const ACME = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b1';
const MEMBER = UserProfile.parse({ ...ORG_ADMIN, user_type: 'user', first_name: 'Ada' });

const acme: MyOrganization = {
  org_id: ACME,
  org_name: 'Acme Wellness',
  role: 'user',
  groups: [
    {
      group_id: '00000000-0000-4000-8000-0000000000a2',
      group_name: 'Default',
      is_default: true,
      is_admin: false,
      admins: [],
    },
    {
      group_id: '00000000-0000-4000-8000-0000000000a3',
      group_name: 'Runners',
      is_default: false,
      is_admin: false,
      admins: [{ first_name: 'Gus', last_name: 'Lead' }],
    },
  ],
  org_admins: [
    { first_name: 'Olga', last_name: 'Owner' },
    { first_name: 'Otto', last_name: 'Other' },
  ],
  admins_can_see: ['readings', 'sessions', 'raw-optimal-zone', 'csv', 'profile', 'dashboards'],
  leave_refusal: null,
};
const ownOrg: MyOrganization = {
  ...acme,
  org_id: OTHER,
  org_name: 'Own Studio',
  role: 'org',
  groups: [],
  org_admins: [{ first_name: 'Ada', last_name: 'Zane' }],
  leave_refusal: LAST_ORG_ADMIN_LEAVE_MESSAGE,
};

const answerList = (organizations: MyOrganization[]) =>
  answer('get', '/user/organizations', MyOrganizationsResponse, { organizations });

describe('MyOrganizationsPage', () => {
  it('shows each organisation: role, groups and their admins, org admins, what they see', async () => {
    answerList([acme, ownOrg]);
    renderWithProviders(<MyOrganizationsPage />, { user: MEMBER });
    const card = await screen.findByRole('region', { name: 'Acme Wellness' });
    const inCard = within(card);
    expect(inCard.getByText('Member')).toBeVisible();
    expect(inCard.getByText('Olga Owner, Otto Other')).toBeVisible();
    expect(inCard.getByText('Runners')).toBeVisible();
    expect(inCard.getByText('Group admins: Gus Lead')).toBeVisible();
    expect(card).toHaveTextContent('Raw optimal-zone data');
    expect(card).toHaveTextContent('CSV downloads');
    expect(card).toHaveTextContent('date of birth');
    expect(inCard.getByRole('button', { name: 'Leave organisation Acme Wellness' })).toBeEnabled();
  });

  it('keeps the only org admin from leaving, saying why', async () => {
    answerList([ownOrg]);
    renderWithProviders(<MyOrganizationsPage />, { user: MEMBER });
    const card = await screen.findByRole('region', { name: 'Own Studio' });
    expect(within(card).getByText('Org admin')).toBeVisible();
    const leave = within(card).getByRole('button', { name: 'Leave organisation Own Studio' });
    expect(leave).toBeDisabled();
    expect(leave).toHaveAccessibleDescription(LAST_ORG_ADMIN_LEAVE_MESSAGE);
  });

  it('says a person with no organisation keeps their data to themselves', async () => {
    answerList([]);
    renderWithProviders(<MyOrganizationsPage />, { user: MEMBER });
    expect(await screen.findByText(NO_ORGANIZATIONS_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Leave/ })).toBeNull();
  });

  it('leaves after a confirmation that says what leaving does', async () => {
    answerList([acme]);
    const calls = answer(
      'delete',
      `/user/organizations/${ACME}/membership`,
      LeaveOrganizationResponse,
      { message: 'You left the organisation' },
    );
    answer('get', '/user/profile', UserProfile, { ...MEMBER, current_org_id: null, org_id: null });
    answer('get', '/switch/orgs_and_groups', OrgsAndGroupsResponse, { orgs: [] });
    const { events } = renderWithProviders(<MyOrganizationsPage />, { user: MEMBER });
    await events.click(
      await screen.findByRole('button', { name: 'Leave organisation Acme Wellness' }),
    );
    const dialog = await findDialog('Leave Acme Wellness?');
    for (const consequence of LEAVE_CONSEQUENCES) {
      expect(dialog.getByText(consequence)).toBeVisible();
    }
    answerList([]);
    await events.click(dialog.getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await findToast('You left Acme Wellness');
    expect(await screen.findByText(NO_ORGANIZATIONS_MESSAGE)).toBeVisible();
  });

  it('shows the refusal when the API refuses, and keeps the organisation', async () => {
    answerList([acme]);
    refuse('delete', `/user/organizations/${ACME}/membership`, 409, LAST_ORG_ADMIN_LEAVE_MESSAGE);
    const { events } = renderWithProviders(<MyOrganizationsPage />, { user: MEMBER });
    await events.click(
      await screen.findByRole('button', { name: 'Leave organisation Acme Wellness' }),
    );
    const dialog = await findDialog('Leave Acme Wellness?');
    await events.click(dialog.getByRole('button', { name: 'Leave organisation' }));
    await findToast(LAST_ORG_ADMIN_LEAVE_MESSAGE);
    expect(screen.getByRole('region', { name: 'Acme Wellness' })).toBeVisible();
  });
});
