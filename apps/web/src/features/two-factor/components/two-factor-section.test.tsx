// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserProfile } from '@resonant/contracts/profile';
import {
  RecoveryCodesResponse,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@resonant/contracts/two-factor';
import { answer } from '../../../test-support/api-server.ts';
import { ORG_ADMIN, renderWithProviders } from '../../../test-support/render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const CODES = Array.from({ length: 10 }, (_, n) => `abcde-fgh${String(n).padStart(2, '0')}`);

describe('TwoFactorSection', () => {
  it('enrols with the key shown, then shows the recovery codes once', async () => {
    answer('get', '/user/two-factor', TwoFactorStatus, {
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      canDisable: true,
    });
    answer('get', '/user/profile', UserProfile, ORG_ADMIN);
    answer('post', '/user/two-factor/setup', TwoFactorSetup, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Resonant:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Resonant',
      qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    });
    const confirm = answer('post', '/user/two-factor/confirm', RecoveryCodesResponse, {
      recoveryCodes: CODES,
    });
    const { events, fill } = renderWithProviders(<TwoFactorSection />);
    await events.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Set up two-factor authentication' }),
    );
    expect(await dialog.findByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await fill(dialog.getByRole('textbox', { name: /Code from your authenticator app/ }), '123456');
    await events.click(dialog.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(confirm[0]?.body).toEqual({ code: '123456' }));

    const codes = within(await screen.findByRole('dialog', { name: 'Your recovery codes' }));
    expect(codes.getAllByRole('listitem')).toHaveLength(10);
    const done = codes.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await events.click(codes.getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    await events.click(done);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your recovery codes' })).toBeNull(),
    );
  });

  it('offers no way off to the app admin', async () => {
    answer('get', '/user/two-factor', TwoFactorStatus, {
      enabled: true,
      enabledAt: '2026-01-02T00:00:00.000Z',
      recoveryCodesLeft: 9,
      canDisable: false,
    });
    renderWithProviders(<TwoFactorSection />);
    expect(await screen.findByText(/you keep two-factor authentication on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  });
});
