import { describe, expect, it } from 'vitest';
import {
  LAST_SIGN_IN_METHOD_MESSAGE,
  type LinkedIdentity,
  type SignInMethodsResponse,
} from '@resonant/contracts/social-sign-in';
import { providerRows, unlinkRefusal } from './sign-in-method-rows.ts';

const google = { id: 'google', kind: 'google', label: 'Google', development: false } as const;
const devApple = {
  id: 'dev-apple',
  kind: 'apple',
  label: 'Apple-type (development)',
  development: true,
} as const;

const identity = (provider: string, label: string): LinkedIdentity => ({
  id: `id-${provider}`,
  provider,
  label,
  email: 'ada@example.test',
  linked_at: '2026-01-02T10:00:00.000Z',
});

const methods = (changes: Partial<SignInMethodsResponse>): SignInMethodsResponse => ({
  has_password: true,
  identities: [],
  providers: [devApple, google],
  ...changes,
});

const googleIdentity = identity('google', 'Google');
const devAppleIdentity = identity('dev-apple', devApple.label);
// dev-google once signed this account up; its provider is no longer configured.
const orphan = identity('dev-google', 'dev-google');

describe('providerRows', () => {
  it('lists every configured provider in button order, with its linked identity if any', () => {
    const rows = providerRows(methods({ identities: [devAppleIdentity] }));
    expect(rows.map((row) => [row.provider, row.identity?.id ?? null, row.available])).toEqual([
      ['google', null, true],
      ['dev-apple', 'id-dev-apple', true],
    ]);
    expect(rows[1]).toMatchObject({ kind: 'apple', development: true });
  });

  it('keeps an identity of a provider no longer configured, as no longer available', () => {
    const rows = providerRows(methods({ identities: [identity('acme', 'Acme SSO')] }));
    expect(rows.at(-1)).toMatchObject({
      provider: 'acme',
      label: 'Acme SSO',
      kind: 'oidc',
      available: false,
      identity: { id: 'id-acme' },
    });
  });
});

describe('unlinkRefusal', () => {
  it('refuses to unlink the only identity of an account without a password', () => {
    const only = methods({ has_password: false, identities: [googleIdentity] });
    expect(unlinkRefusal(only, googleIdentity)).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
  });

  it('allows it with a password or another usable identity left', () => {
    expect(unlinkRefusal(methods({ identities: [googleIdentity] }), googleIdentity)).toBeNull();
    const two = methods({ has_password: false, identities: [googleIdentity, devAppleIdentity] });
    expect(unlinkRefusal(two, googleIdentity)).toBeNull();
    expect(unlinkRefusal(two, devAppleIdentity)).toBeNull();
  });

  it('does not count an identity of a provider no longer configured', () => {
    const withOrphan = methods({ has_password: false, identities: [orphan, googleIdentity] });
    // Unlinking google would leave only dev-google, which can no longer sign in.
    expect(unlinkRefusal(withOrphan, googleIdentity)).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
    // The orphan itself may go: google remains.
    expect(unlinkRefusal(withOrphan, orphan)).toBeNull();
  });

  it('keeps the orphan when nothing usable would remain', () => {
    const orphanOnly = methods({ has_password: false, identities: [orphan] });
    expect(unlinkRefusal(orphanOnly, orphan)).toBe(LAST_SIGN_IN_METHOD_MESSAGE);
    expect(unlinkRefusal(methods({ identities: [orphan] }), orphan)).toBeNull();
  });
});
