import type { MfaChallengeResponse, SignInResponse } from '@resonant/contracts/auth';

/** A sign-in answer that asks the second factor instead of opening the session. */
export function isSecondFactorChallenge(answer: SignInResponse): answer is MfaChallengeResponse {
  return 'mfaRequired' in answer;
}

/** The challenge a social sign-in's landing carries in the URL's fragment (`#mfa=`), if any. */
export function challengeInFragment(hash: string): string | null {
  const prefix = '#mfa=';
  if (!hash.startsWith(prefix) || hash.length > prefix.length + 128) return null;
  return hash.slice(prefix.length) || null;
}
