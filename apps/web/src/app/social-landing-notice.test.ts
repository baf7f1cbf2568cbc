import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '@resonant/contracts/social-sign-in';
import { landingNoticeOf, landingToast, withoutLandingParams } from './social-landing-notice.ts';
import { carriesLandingNotice } from './social-landing-params.ts';

const params = (search: string) => new URLSearchParams(search);
const providers: SocialProvider[] = [
  { id: 'dev-google', kind: 'google', label: 'Google-type (development)', development: true },
];

describe('landingNoticeOf', () => {
  it('reads an error with its provider, or a link', () => {
    expect(landingNoticeOf(params('?social_error=cancelled&provider=dev-google'))).toEqual({
      kind: 'error',
      code: 'cancelled',
      provider: 'dev-google',
    });
    expect(landingNoticeOf(params('?social_linked=dev-google'))).toEqual({
      kind: 'linked',
      provider: 'dev-google',
    });
  });

  it('reads a code it does not know as a sign-in that did not complete', () => {
    expect(landingNoticeOf(params('?social_error=whatever'))).toEqual({
      kind: 'error',
      code: 'failed',
      provider: null,
    });
  });

  it('is null on any other URL', () => {
    expect(landingNoticeOf(params('?redirectTo=%2Forg&provider=google'))).toBeNull();
    expect(landingNoticeOf(params('?social_linked='))).toBeNull();
  });
});

describe('carriesLandingNotice', () => {
  it('lets through every URL that carries a notice, so none is missed', () => {
    for (const search of [
      '?social_error=cancelled&provider=dev-google',
      '?social_error=whatever',
      '?social_error=',
      '?social_linked=dev-google',
      '?redirectTo=%2Forg&social_linked=google',
    ]) {
      expect(landingNoticeOf(params(search))).not.toBeNull();
      expect(carriesLandingNotice(params(search))).toBe(true);
    }
  });

  it('keeps the notice’s code away from every other page load', () => {
    expect(carriesLandingNotice(params(''))).toBe(false);
    expect(carriesLandingNotice(params('?redirectTo=%2Forg&provider=google'))).toBe(false);
  });
});

describe('landingToast', () => {
  it('names the provider by its label', () => {
    expect(
      landingToast({ kind: 'error', code: 'cancelled', provider: 'dev-google' }, providers, false),
    ).toEqual({ tone: 'error', message: 'Sign-in with Google-type (development) was cancelled.' });
    expect(landingToast({ kind: 'linked', provider: 'dev-google' }, providers, true)).toEqual({
      tone: 'success',
      message: 'Google-type (development) sign-in is now linked.',
    });
  });

  it('never shows the text of the URL: an unknown provider is "your provider"', () => {
    const spoof = 'Call 0800 now';
    expect(
      landingToast({ kind: 'error', code: 'failed', provider: spoof }, providers, false)?.message,
    ).toBe('Sign-in with your provider did not complete. Please try again.');
    expect(
      landingToast({ kind: 'error', code: 'failed', provider: 'dev-google' }, undefined, false)
        ?.message,
    ).toBe('Sign-in with your provider did not complete. Please try again.');
    expect(
      landingToast({ kind: 'error', code: 'failed', provider: null }, providers, false)?.message,
    ).toBe('Sign-in with your provider did not complete. Please try again.');
  });

  it('announces no link of an unknown provider, nor one landing signed out', () => {
    expect(landingToast({ kind: 'linked', provider: 'Call 0800 now' }, providers, true)).toBeNull();
    expect(landingToast({ kind: 'linked', provider: 'dev-google' }, undefined, true)).toBeNull();
    expect(landingToast({ kind: 'linked', provider: 'dev-google' }, providers, false)).toBeNull();
  });
});

describe('withoutLandingParams', () => {
  it('drops the notice and keeps the rest', () => {
    const rest = withoutLandingParams(
      params('?social_error=expired&provider=dev-google&redirectTo=%2Fprocess-invite%3Fit%3Dabc'),
    );
    expect(rest.toString()).toBe('redirectTo=%2Fprocess-invite%3Fit%3Dabc');
    expect(withoutLandingParams(params('?social_linked=google')).toString()).toBe('');
  });
});
