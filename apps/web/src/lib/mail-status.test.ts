import { describe, expect, it } from 'vitest';
import { mailStatusBadge, refetchWhileSending } from './mail-status.ts';

describe('mailStatusBadge', () => {
  it('flags a failed email in red with what to do about it', () => {
    expect(mailStatusBadge({ status: 'pending', mail_status: 'failed' })).toMatchObject({
      label: 'MAIL FAILED',
      color: 'red',
      tooltip: 'The invitation email could not be delivered. Resend to try again.',
    });
    expect(
      mailStatusBadge({ status: 'pending', mail_status: 'failed' }, 'Issue a new link.')?.tooltip,
    ).toBe('Issue a new link.');
  });

  it('shows a quiet SENDING while queued, and nothing once sent', () => {
    expect(mailStatusBadge({ status: 'pending', mail_status: 'queued' })).toMatchObject({
      label: 'SENDING',
      color: 'gray',
    });
    expect(mailStatusBadge({ status: 'pending', mail_status: 'sent' })).toBeNull();
  });

  it('says nothing about the email of a link that is no longer pending', () => {
    for (const status of ['accepted', 'rejected', 'expired', 'revoked', 'claimed']) {
      expect(mailStatusBadge({ status, mail_status: 'queued' })).toBeNull();
      expect(mailStatusBadge({ status, mail_status: 'failed' })).toBeNull();
    }
  });
});

describe('refetchWhileSending', () => {
  it('polls only while the email of a pending link is still queued', () => {
    expect(refetchWhileSending(undefined)).toBe(false);
    const sent = { status: 'pending', mail_status: 'sent' } as const;
    const failed = { status: 'pending', mail_status: 'failed' } as const;
    const queued = { status: 'pending', mail_status: 'queued' } as const;
    const replaced = { status: 'revoked', mail_status: 'queued' } as const;
    expect(refetchWhileSending({ list: [sent, failed, replaced] })).toBe(false);
    expect(refetchWhileSending({ list: [sent, queued] })).toBe(2000);
  });
});
