import { ReturnPath, type SocialStartBody } from '@resonant/contracts/social-sign-in';

/**
 * The start call's body: the auth screen's redirectTo goes along only when it is a path of this
 * site; any other value is dropped (as postLoginPath would ignore it) instead of refusing the start.
 */
export function startBody(redirectTo: string | null): SocialStartBody {
  return { redirectTo: ReturnPath.safeParse(redirectTo).success ? redirectTo : null };
}
