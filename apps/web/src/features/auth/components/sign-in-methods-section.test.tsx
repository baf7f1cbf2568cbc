// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LAST_SIGN_IN_METHOD_MESSAGE,
  SignInMethodsResponse,
} from '@resonant/contracts/social-sign-in';
import { answer } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

const GOOGLE_ID = '00000000-0000-4000-8000-0000000000e1';
const providers = [{ id: 'google', kind: 'google', label: 'Google', development: false }] as const;
const google = {
  id: GOOGLE_ID,
  provider: 'google',
  label: 'Google',
  email: 'olivia@example.test',
  linked_at: '2026-11-01T08:00:00.000Z',
};

describe('SignInMethodsSection', () => {
  it('unlinks a provider after a confirmation when a password remains', async () => {
    answer('get', '/user/sign-in-methods', SignInMethodsResponse, {
      has_password: true,
      identities: [google],
      providers: [...providers],
    });
    const calls = answer('delete', `/user/sign-in-methods/${GOOGLE_ID}`, z.undefined(), undefined, {
      status: 204,
    });
    const { events } = renderWithProviders(<SignInMethodsSection />);
    await events.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const dialog = await findDialog('Unlink Google?');
    await events.click(dialog.getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('keeps the last way to sign in, saying why', async () => {
    answer('get', '/user/sign-in-methods', SignInMethodsResponse, {
      has_password: false,
      identities: [google],
      providers: [...providers],
    });
    renderWithProviders(<SignInMethodsSection />);
    const unlink = await screen.findByRole('button', { name: 'Unlink Google' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription(LAST_SIGN_IN_METHOD_MESSAGE);
  });
});
