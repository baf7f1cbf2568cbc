import { describe, expect, it } from 'vitest';
import { unlinkRefusal } from './sign-in-methods-policies.ts';
import { LAST_SIGN_IN_METHOD_MESSAGE } from './social-sign-in.ts';

const google = { id: 'g', provider: 'google' };
const apple = { id: 'a', provider: 'apple' };
const retired = { id: 'o', provider: 'okta' };
const configured = (providerId: string) => providerId !== 'okta';

describe('unlinkRefusal', () => {
  it.each([
    ['a password remains', true, [google], google.id, null],
    ['another configured identity remains', false, [google, apple], google.id, null],
    ['the only identity, no password', false, [google], google.id, LAST_SIGN_IN_METHOD_MESSAGE],
    [
      'only a retired provider would remain',
      false,
      [google, retired],
      google.id,
      LAST_SIGN_IN_METHOD_MESSAGE,
    ],
    ['the retired one, a configured one remains', false, [google, retired], retired.id, null],
    [
      'the retired one, nothing usable either way',
      false,
      [retired],
      retired.id,
      LAST_SIGN_IN_METHOD_MESSAGE,
    ],
  ])('%s', (_case, hasPassword, identities, identityId, refusal) => {
    expect(unlinkRefusal({ hasPassword, identities, isConfigured: configured }, identityId)).toBe(
      refusal,
    );
  });
});
