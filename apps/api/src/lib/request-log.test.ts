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

  it('keeps every other URL whole', () => {
    expect(loggedUrl('/api/auth/oidc/google/callback')).toBe('/api/auth/oidc/google/callback');
    expect(loggedUrl('/api/groups?page=2')).toBe('/api/groups?page=2');
    expect(loggedUrl('/login?social_error=failed')).toBe('/login?social_error=failed');
  });
});
