import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '@resonant/contracts/auth';
import { postLoginPath } from '@resonant/contracts/roles';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import type { AuthMode } from '../../features/auth/components/auth-screen.tsx';
import { inviteNoteFor } from '../../features/auth/components/invite-note.tsx';
import { useProfile } from '../../lib/current-user.ts';
import { showSuccess } from '../../lib/notify.tsx';
import { startSession, useSession } from '../../lib/session.ts';
import { documentTitle } from '../route-handle.ts';

const SIGNED_UP_MESSAGE = 'You are signed up successfully, logging you in now!';

/** `/`, `/login` and `/signup`: the auth screen, or the user's home once signed in. */
export function AuthRoute() {
  const session = useSession();
  const { data: user } = useProfile();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  // Where this screen sends a user it has just signed up; null means the usual home.
  const [landing, setLanding] = useState<string | null>(null);
  const mode: AuthMode = location.pathname === paths.signup ? 'sign-up' : 'sign-in';
  useDocumentTitle(documentTitle(mode === 'sign-up' ? 'Sign up' : 'Sign in'));

  if (session.status === 'signed-in') {
    if (!user) return <FullPageLoader />;
    return <Navigate to={landing ?? postLoginPath(user.user_type, redirectTo)} replace />;
  }

  const changeMode = (next: AuthMode) => {
    navigate({
      pathname: next === 'sign-up' ? paths.signup : paths.login,
      search: location.search,
    });
  };

  const handleAuthenticated = (auth: AuthResponse, authMode: AuthMode) => {
    if (authMode === 'sign-up') {
      showSuccess(SIGNED_UP_MESSAGE);
      // New accounts land on /welcome, unless they came to accept an invitation or claim.
      const target = inviteNoteFor(redirectTo)
        ? postLoginPath(auth.user.user_type, redirectTo)
        : paths.welcome;
      // Committed before the session starts, so the redirect above already knows the target.
      flushSync(() => setLanding(target));
    }
    startSession(auth);
  };

  return (
    <AuthScreen
      mode={mode}
      redirectTo={redirectTo}
      onModeChange={changeMode}
      onAuthenticated={handleAuthenticated}
    />
  );
}
