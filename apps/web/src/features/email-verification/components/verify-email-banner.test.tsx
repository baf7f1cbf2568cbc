// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CheckInboxResponse,
  VERIFICATION_RESENT_MESSAGE,
} from '@resonant/contracts/email-verification';
import { answer } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const UNVERIFIED = { ...ORG_ADMIN, emailVerified: false };

describe('VerifyEmailBanner', () => {
  it('names the address and mails a new link on request', async () => {
    const calls = answer('post', '/auth/verify-email/resend', CheckInboxResponse, {
      message: VERIFICATION_RESENT_MESSAGE,
    });
    const { events } = renderWithProviders(<VerifyEmailBanner user={UNVERIFIED} />, {
      user: UNVERIFIED,
    });
    const banner = screen.getByRole('region', { name: 'Verify your email' });
    expect(within(banner).getByText(UNVERIFIED.email)).toBeVisible();
    await events.click(within(banner).getByRole('button', { name: 'Send me the link' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText(VERIFICATION_RESENT_MESSAGE)).toBeVisible();
  });

  it('is not there once the address is proven', () => {
    renderWithProviders(<VerifyEmailBanner user={ORG_ADMIN} />);
    expect(screen.queryByRole('region', { name: 'Verify your email' })).toBeNull();
  });
});
