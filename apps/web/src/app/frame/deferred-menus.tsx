import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { UserProfile } from '@resonant/contracts/profile';
import { SwitcherButton } from '../../features/switch/components/switcher-button.tsx';
import { ProfileButton } from './profile-button.tsx';

const ProfileMenu = lazy(() =>
  import('./profile-menu.tsx').then((module) => ({ default: module.ProfileMenu })),
);
const OrgGroupSwitcher = lazy(() =>
  import('../../features/switch/components/org-group-switcher.tsx').then((module) => ({
    default: module.OrgGroupSwitcher,
  })),
);

interface DeferredMenuProps {
  /** The menu's own button, standing in until the menu arrives; its click asks for the menu. */
  button: (onClick: () => void) => ReactNode;
  /** The menu, open from the start when its button was chosen before it arrived. */
  menu: (openAtOnce: boolean) => ReactNode;
}

/**
 * A menu of the top bar, fetched right after the frame's first paint: menus float (Mantine's
 * Popover on floating-ui), and that code stays out of the first page load. Until the menu arrives
 * its button stands in, looking the same, and a click on it opens the menu once it is there.
 */
function DeferredMenu({ button, menu }: DeferredMenuProps) {
  const [openAtOnce, setOpenAtOnce] = useState(false);
  return <Suspense fallback={button(() => setOpenAtOnce(true))}>{menu(openAtOnce)}</Suspense>;
}

export function DeferredProfileMenu({ user }: { user: UserProfile }) {
  return (
    <DeferredMenu
      button={(onClick) => <ProfileButton user={user} onClick={onClick} />}
      menu={(openAtOnce) => <ProfileMenu user={user} defaultOpened={openAtOnce} />}
    />
  );
}

export function DeferredOrgGroupSwitcher({ user }: { user: UserProfile }) {
  const place = {
    currentUserType: user.user_type,
    currentOrgName: user.org_name,
    currentGroupName: user.group_name,
  };
  return (
    <DeferredMenu
      button={(onClick) => <SwitcherButton {...place} onClick={onClick} />}
      menu={(openAtOnce) => (
        <OrgGroupSwitcher
          {...place}
          currentOrgId={user.current_org_id}
          currentGroupId={user.current_group_id}
          defaultOpened={openAtOnce}
        />
      )}
    />
  );
}
