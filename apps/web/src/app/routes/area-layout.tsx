import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { ROLE_HOME, type Role } from '@resonant/contracts/roles';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import type { Area } from '../../config/paths.ts';
import { useProfile } from '../../lib/current-user.ts';
import { useSwitchInProgress } from '../../lib/switch-context.ts';
import { AppFrame } from '../frame/app-frame.tsx';
import { PlainFrame } from '../frame/plain-frame.tsx';

/**
 * The one area each role works in: an area's pages ask for the current org's or group's data, so
 * they open only in the matching context (an org admin works in a group after switching into it).
 */
const AREA_OF_ROLE: Record<Role, Area> = {
  org: 'org',
  group: 'group',
  super: 'admin',
  user: 'user',
};

// Only for a page outside the user's context (a bookmark, a shared link, a switch landing):
// fetched then, with the same loader meanwhile that it shows first.
const AreaSwitch = lazy(() =>
  import('../../features/switch/components/area-switch.tsx').then((module) => ({
    default: module.AreaSwitch,
  })),
);

const SWITCH_TITLES = { org: 'Switch to the organization', group: 'Switch to a group' };

interface AreaLayoutProps {
  area: Area;
}

/**
 * An area's frame and page when the user's context is that area; during a switch the page gives
 * way to a loader, so it never asks for its data in the context being entered. Outside that
 * context: the frame of where the user works, offering the switch the page needs (org and group
 * areas), or else their home.
 */
export function AreaLayout({ area }: AreaLayoutProps) {
  const { data: user } = useProfile();
  const switching = useSwitchInProgress();
  if (!user) return <FullPageLoader />;
  const current = AREA_OF_ROLE[user.user_type];
  if (current === area) {
    if (!switching) return <AppFrame area={area} user={user} />;
    return (
      <AppFrame area={area} user={user} instead={{ content: <PageLoader label="Switching" /> }} />
    );
  }
  if ((area === 'org' || area === 'group') && user.user_type !== 'super') {
    const offer = (
      <Suspense fallback={<PageLoader label="Switching" />}>
        <AreaSwitch
          area={area}
          currentOrgId={user.current_org_id}
          homePath={ROLE_HOME[user.user_type]}
        />
      </Suspense>
    );
    return (
      <AppFrame
        area={current}
        user={user}
        instead={{ title: switching ? undefined : SWITCH_TITLES[area], content: offer }}
      />
    );
  }
  return <Navigate to={ROLE_HOME[user.user_type]} replace />;
}

/** Pages of every role (Settings): in the frame of the area the user works in now. */
export function OwnAreaLayout() {
  const { data: user } = useProfile();
  if (!user) return <FullPageLoader />;
  return <AppFrame area={AREA_OF_ROLE[user.user_type]} user={user} />;
}

/** Pages any signed-in user may open, outside the areas. */
export function PlainLayout() {
  const { data: user } = useProfile();
  if (!user) return <FullPageLoader />;
  return <PlainFrame user={user} />;
}
