import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useProfile } from '../../lib/current-user.ts';
import { useSession } from '../../lib/session.ts';

const ChoosePasswordPage = lazy(() =>
  import('../../features/passwords/components/choose-password-page.tsx').then((module) => ({
    default: module.ChoosePasswordPage,
  })),
);

/** Private routes: signed-out visitors go to the auth screen, which brings them back after. */
export function RequireAuth() {
  const session = useSession();
  const { data: user } = useProfile();
  const location = useLocation();

  if (session.status === 'signed-out') {
    // After a sign-out or an expired session the user starts over from the auth screen, unless
    // the sign-out named the page to come back to (e.g. an invite opened in the wrong account).
    if (session.ended && !session.returnTo) return <Navigate to={paths.home} replace />;
    const redirectTo = session.returnTo ?? `${location.pathname}${location.search}`;
    const search = new URLSearchParams({ redirectTo }).toString();
    return <Navigate to={{ pathname: paths.home, search }} replace />;
  }
  if (session.status === 'restoring' || !user) return <FullPageLoader />;
  // A temporary password (set by an admin) opens nothing else until it is replaced.
  if (user.passwordChangeRequired) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <ChoosePasswordPage role={user.user_type} />
      </Suspense>
    );
  }
  return <Outlet />;
}
