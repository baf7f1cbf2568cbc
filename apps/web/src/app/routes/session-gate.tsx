import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useSession } from '../../lib/session.ts';

/** Holds every route back until the session restore of this page load has answered. */
export function SessionGate() {
  const session = useSession();
  if (session.status === 'restoring') return <FullPageLoader />;
  return <Outlet />;
}
