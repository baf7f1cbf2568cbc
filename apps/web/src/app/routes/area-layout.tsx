import { Navigate } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import type { Area } from '../../config/paths.ts';
import { useProfile } from '../../lib/current-user.ts';
import { can } from '../../lib/can.ts';
import { AppFrame } from '../frame/app-frame.tsx';
import { PlainFrame } from '../frame/plain-frame.tsx';

/** Who may enter each area; org admins may also work inside their groups. */
const AREA_ACCESS: Record<Area, (user: UserProfile) => boolean> = {
  org: (user) => can(user, 'org.dashboard.read'),
  group: (user) => can(user, 'group.dashboard.read'),
  admin: (user) => can(user, 'admin.organizations.manage'),
  user: (user) => user.user_type === 'user',
};

interface AreaLayoutProps {
  area: Area;
}

/** An area's frame, or the user's own home when the area is not theirs. */
export function AreaLayout({ area }: AreaLayoutProps) {
  const { data: user } = useProfile();
  if (!user) return <FullPageLoader />;
  if (!AREA_ACCESS[area](user)) return <Navigate to={ROLE_HOME[user.user_type]} replace />;
  return <AppFrame area={area} user={user} />;
}

/** Pages any signed-in user may open, outside the areas. */
export function PlainLayout() {
  const { data: user } = useProfile();
  if (!user) return <FullPageLoader />;
  return <PlainFrame user={user} />;
}
