import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log.ts';

describe('loggedUrl', () => {
  it('drops the query of a callback, where the code and the state are', () => {
    expect(loggedUrl('/api/auth/oidc/google/callback?code=c&state=s&iss=i')).toBe(
      '/api/auth/oidc/google/callback',
    );
    expect(loggedUrl('/api/auth/oidc/apple/callback?error=access_denied&state=s')).toBe(
      '/api/auth/oidc/apple/callback',
    );
  });

  // Issue 27: the links of invitations, claims and invoices reached the logs, usable by any reader.
  it('replaces the token of an invitation, a claim or an invoice link, in the query or the path', () => {
    expect(loggedUrl('/process-invite?it=abcDEF123')).toBe('/process-invite?it=[redacted]');
    expect(loggedUrl('/api/invitations/details?it=abc&x=1')).toBe(
      '/api/invitations/details?it=[redacted]&x=1',
    );
    expect(loggedUrl('/process-life-time-membership-invite?ml=abc')).toBe(
      '/process-life-time-membership-invite?ml=[redacted]',
    );
    expect(loggedUrl('/somewhere?token=abc&itx=keep')).toBe('/somewhere?token=[redacted]&itx=keep');
    expect(loggedUrl('/billing/invoice/tok_123')).toBe('/billing/invoice/[redacted]');
    expect(loggedUrl('/api/billing/local/invoices/tok_123/pay?x=1')).toBe(
      '/api/billing/local/invoices/[redacted]/pay?x=1',
    );
    expect(loggedUrl('/api/billing/local/invoices/tok_123/pdf')).toBe(
      '/api/billing/local/invoices/[redacted]/pdf',
    );
  });

  it('keeps every other URL whole', () => {
    expect(loggedUrl('/api/auth/oidc/google/callback')).toBe('/api/auth/oidc/google/callback');
    expect(loggedUrl('/api/groups?page=2')).toBe('/api/groups?page=2');
    expect(loggedUrl('/login?social_error=failed')).toBe('/login?social_error=failed');
  });
});
