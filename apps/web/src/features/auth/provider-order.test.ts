import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '@resonant/contracts/social-sign-in';
import { providersInButtonOrder } from './provider-order.ts';

const provider = (id: string, kind: SocialProvider['kind'], development = false) => ({
  id,
  kind,
  label: id,
  development,
});

describe('providersInButtonOrder', () => {
  it('puts real providers first, then Google, Apple and the generic ones', () => {
    const ordered = providersInButtonOrder([
      provider('dev-apple', 'apple', true),
      provider('acme', 'oidc'),
      provider('dev-google', 'google', true),
      provider('apple', 'apple'),
      provider('google', 'google'),
    ]);
    expect(ordered.map(({ id }) => id)).toEqual([
      'google',
      'apple',
      'acme',
      'dev-google',
      'dev-apple',
    ]);
  });

  it('keeps the server’s order among providers of one kind, and leaves its input alone', () => {
    const input = [provider('zeta', 'oidc'), provider('alpha', 'oidc')];
    expect(providersInButtonOrder(input).map(({ id }) => id)).toEqual(['zeta', 'alpha']);
    expect(input.map(({ id }) => id)).toEqual(['zeta', 'alpha']);
  });

  it('shows no buttons when no provider is configured', () => {
    expect(providersInButtonOrder([])).toEqual([]);
  });
});
