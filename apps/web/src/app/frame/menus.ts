import {
  IconBuildingCommunity,
  IconChartLine,
  IconDatabase,
  IconFileInvoice,
  IconHeartbeat,
  IconLayoutDashboard,
  IconMailForward,
  IconReceipt,
  IconSettings,
  IconSunHigh,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import type { Area } from '../../config/paths.ts';

export interface MenuItem {
  label: string;
  path: string;
  icon: Icon;
  /** Other pages that belong to this entry and keep it highlighted. */
  alsoActiveOn?: readonly string[];
}

/** The side menu of each area (SPEC §2). */
export const MENUS: Record<Area, readonly MenuItem[]> = {
  org: [
    { label: 'Dashboard', path: paths.org.dashboard, icon: IconLayoutDashboard },
    {
      label: 'Groups',
      path: paths.org.groups,
      icon: IconUsersGroup,
      alsoActiveOn: [paths.org.manageGroup],
    },
    { label: 'Users', path: paths.org.users, icon: IconUsers, alsoActiveOn: [paths.org.import] },
    { label: 'Invite Users', path: paths.org.invitation, icon: IconMailForward },
    { label: 'Reports', path: paths.org.reports, icon: IconChartLine },
    {
      label: 'Billing History',
      path: paths.org.billingHistory,
      icon: IconReceipt,
      alsoActiveOn: [paths.org.billingSettings],
    },
  ],
  group: [
    { label: 'Dashboard', path: paths.group.dashboard, icon: IconLayoutDashboard },
    { label: 'Users', path: paths.group.participants, icon: IconUsers },
    { label: 'Invite Users', path: paths.group.invitation, icon: IconMailForward },
    { label: 'Reports', path: paths.group.reports, icon: IconChartLine },
  ],
  admin: [
    { label: 'Dashboard', path: paths.admin.dashboard, icon: IconLayoutDashboard },
    {
      label: 'Organizations',
      path: paths.admin.organizations,
      icon: IconBuildingCommunity,
      alsoActiveOn: [paths.admin.organization],
    },
    { label: 'Invite Users', path: paths.admin.invitation, icon: IconMailForward },
    { label: 'Invoices', path: paths.admin.invoices, icon: IconFileInvoice },
  ],
  user: [
    { label: 'Dashboard', path: paths.user.dashboard, icon: IconLayoutDashboard },
    { label: 'Morning/Anytime', path: paths.user.morningHistory, icon: IconSunHigh },
    {
      label: 'Bio/Mindfulness',
      path: paths.user.biofeedback,
      icon: IconHeartbeat,
      alsoActiveOn: [paths.user.mindfulness, paths.user.selfCompassion],
    },
    { label: 'My Organizations', path: paths.user.organizations, icon: IconBuildingCommunity },
    { label: 'Your Data', path: paths.user.yourData, icon: IconDatabase },
    { label: 'Settings', path: paths.user.settings, icon: IconSettings },
  ],
};

/** Area names shown above the side menu. */
export const AREA_LABELS: Record<Area, string> = {
  org: 'Organization',
  group: 'Group',
  admin: 'App Admin',
  user: 'My Resonant',
};

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** An entry is active on its own page, the pages below it, and the pages it adopts. */
export function isMenuItemActive(item: MenuItem, pathname: string, area: Area): boolean {
  // An area's dashboard is its root path, which every other page of the area is "below".
  const ownMatch =
    item.path === paths[area].dashboard ? pathname === item.path : isWithin(pathname, item.path);
  return ownMatch || (item.alsoActiveOn ?? []).some((path) => isWithin(pathname, path));
}
