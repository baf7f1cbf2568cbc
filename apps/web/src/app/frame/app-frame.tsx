import { lazy, Suspense, useId, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet } from 'react-router';
import type { UserProfile } from '@resonant/contracts/profile';
import type { Area } from '../../config/paths.ts';
import { VerifyEmailBanner } from '../../features/email-verification/components/verify-email-banner.tsx';
import { documentTitle, useRouteTitle } from '../route-handle.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import classes from './frame.module.css';

// Rarely shown, and its message comes with the two-factor contract's zod schemas: fetched only when
// an admin must enrol, so the first load stays without zod.
const AdminMfaNotice = lazy(() =>
  import('../../features/two-factor/components/admin-mfa-notice.tsx').then((module) => ({
    default: module.AdminMfaNotice,
  })),
);

interface AppFrameProps {
  area: Area;
  user: UserProfile;
  /** Shown instead of the route's page (the area guard's own content), under its own title. */
  instead?: { title?: string; content: ReactNode };
}

/** The shared frame of every signed-in area: top bar, side menu (a drawer on phones), page. */
export function AppFrame({ area, user, instead }: AppFrameProps) {
  const [navOpened, nav] = useDisclosure(false);
  const navId = useId();
  const routeTitle = useRouteTitle();
  const title = instead?.title ?? routeTitle;
  useDocumentTitle(documentTitle(title));

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <TopBar
          area={area}
          user={user}
          title={title}
          navOpened={navOpened}
          navId={navId}
          onToggleNav={nav.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id={navId} aria-label="Main menu">
        <SideMenu area={area} user={user} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <VerifyEmailBanner user={user} />
        {user.mfaSetupRequired && (
          <Suspense fallback={null}>
            <AdminMfaNotice />
          </Suspense>
        )}
        {instead ? instead.content : <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
