// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserProfile } from '@resonant/contracts/profile';
import { answer, refuse } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { findToast } from '../../../test-support/toasts.ts';
import { ProfileSection } from './profile-section.tsx';

describe('ProfileSection', () => {
  it('shows the person’s own details and email', async () => {
    answer('get', '/user/profile', UserProfile, ORG_ADMIN);
    renderWithProviders(<ProfileSection />);
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveValue('Olivia');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Admin');
    expect(screen.getByText(ORG_ADMIN.email)).toBeVisible();
  });

  it('saves a new name and shows the profile as saved', async () => {
    answer('get', '/user/profile', UserProfile, ORG_ADMIN);
    const calls = answer('put', '/user/profile', UserProfile, {
      ...ORG_ADMIN,
      first_name: 'Liv',
    });
    const { events, fill } = renderWithProviders(<ProfileSection />);
    await fill(await screen.findByRole('textbox', { name: 'First Name' }), 'Liv');
    await events.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      firstName: 'Liv',
      lastName: 'Admin',
      gender: 'Female',
      birthDate: '1985-03-14',
    });
    await findToast('Your profile was saved');
  });

  it('refuses an empty name before asking the API', async () => {
    answer('get', '/user/profile', UserProfile, ORG_ADMIN);
    const calls = answer('put', '/user/profile', UserProfile, ORG_ADMIN);
    const { events } = renderWithProviders(<ProfileSection />);
    await events.clear(await screen.findByRole('textbox', { name: 'Last Name' }));
    await events.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/Last Name is required/)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('says when the API refuses', async () => {
    answer('get', '/user/profile', UserProfile, ORG_ADMIN);
    refuse('put', '/user/profile', 400, 'gender: Gender is required');
    const { events } = renderWithProviders(<ProfileSection />);
    await events.click(await screen.findByRole('button', { name: 'Save profile' }));
    await findToast('Gender is required');
  });
});
