import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SignInResponse } from '@resonant/contracts/auth';
import { postLoginPath } from '@resonant/contracts/roles';
import { SOCIAL_SIGN_UP_TITLE } from '@resonant/contracts/social-sign-in';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useSocialProviders } from '../../features/auth/api/get-social-providers.ts';
import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import type { AuthMode } from '../../features/auth/components/auth-screen.tsx';
import { inviteNoteFor } from '../../features/auth/components/invite-note.tsx';
import {
  challengeInFragment,
  isSecondFactorChallenge,
} from '../../features/auth/second-factor-answer.ts';
import { useProfile } from '../../lib/current-user.ts';
import { showSuccess } from '../../lib/notify.tsx';
import { startSession, useSession } from '../../lib/session.ts';
import { documentTitle } from '../route-handle.ts';

const SIGNED_UP_MESSAGE = 'You are signed up successfully, logging you in now!';

/**
 * `/`, `/login`, `/signup` and `/signup/social` (the end of a social sign-in of a new identity):
 * the auth screen, or the user's home once signed in.
 */
export function AuthRoute() {
  const session = useSession();
  const { data: user } = useProfile();
  const providers = useSocialProviders();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  // Where this screen sends a user it has just signed up; null means the usual home.
  const [landing, setLanding] = useState<string | null>(null);
  // The second step of a sign-in: its challenge, from a sign-in's answer or a social sign-in's
  // landing (`#mfa=`), and where that sign-in was headed.
  const [secondStep, setSecondStep] = useState(() => {
    const challenge = challengeInFragment(location.hash);
    return challenge ? { challenge, returnTo: redirectTo } : null;
  });
  const fragment = location.hash;
  useEffect(() => {
    // The challenge leaves the address bar and the history at once.
    if (challengeInFragment(fragment)) {
      void navigate({ pathname: paths.login, search: location.search }, { replace: true });
    }
  }, [fragment, navigate, location.search]);
  const social = location.pathname === paths.signupSocial;
  const mode: AuthMode = social || location.pathname === paths.signup ? 'sign-up' : 'sign-in';
  useDocumentTitle(
    documentTitle(social ? SOCIAL_SIGN_UP_TITLE : mode === 'sign-up' ? 'Sign up' : 'Sign in'),
  );

  if (session.status === 'signed-in') {
    if (!user) return <FullPageLoader />;
    return <Navigate to={landing ?? postLoginPath(user.user_type, redirectTo)} replace />;
  }

  // The provider buttons are part of the first paint (prefetched in main.tsx): arriving later, they
  // would grow the centred panels and move the forms' Sign In button under the pointer.
  if (providers.isPending) return <FullPageLoader />;

  const changeMode = (next: AuthMode) => {
    navigate({
      pathname: next === 'sign-up' ? paths.signup : paths.login,
      search: location.search,
    });
  };

  // `returnTo`: where the sign-in was headed when the URL no longer says (a social sign-up's own).
  const handleAuthenticated = (
    answer: SignInResponse,
    authMode: AuthMode,
    returnTo: string | null = redirectTo,
  ) => {
    if (isSecondFactorChallenge(answer)) {
      setSecondStep({ challenge: answer.challenge, returnTo });
      if (social) void navigate({ pathname: paths.login, search: location.search });
      return;
    }
    const auth = answer;
    // Committed before the session starts, so the redirect above already knows the target.
    if (authMode === 'sign-up') {
      showSuccess(SIGNED_UP_MESSAGE);
      // New accounts land on /welcome, unless they came to accept an invitation or claim.
      const target = inviteNoteFor(returnTo)
        ? postLoginPath(auth.user.user_type, returnTo)
        : paths.welcome;
      flushSync(() => setLanding(target));
    } else if (returnTo !== redirectTo) {
      flushSync(() => setLanding(postLoginPath(auth.user.user_type, returnTo)));
    }
    startSession(auth);
  };

  return (
    <AuthScreen
      mode={mode}
      social={social}
      redirectTo={redirectTo}
      onModeChange={changeMode}
      onAuthenticated={(answer, authMode, returnTo) =>
        handleAuthenticated(answer, authMode, returnTo ?? secondStep?.returnTo ?? redirectTo)
      }
      challenge={social ? null : (secondStep?.challenge ?? null)}
      onRestart={() => setSecondStep(null)}
    />
  );
}
