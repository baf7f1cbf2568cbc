import { AppShell, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Outlet } from 'react-router';
import type { UserProfile } from '@resonant/contracts/profile';
import { VerifyEmailBanner } from '../../features/email-verification/components/verify-email-banner.tsx';
import { documentTitle, useRouteTitle } from '../route-handle.ts';
import { DeferredProfileMenu } from './deferred-menus.tsx';
import { FrameTitle } from './frame-title.tsx';
import classes from './frame.module.css';

interface PlainFrameProps {
  user: UserProfile;
}

/** Frame of the pages that stand outside any area (welcome, invitations): no side menu. */
export function PlainFrame({ user }: PlainFrameProps) {
  const title = useRouteTitle();
  useDocumentTitle(documentTitle(title));

  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'md', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <FrameTitle user={user} title={title} />
          </Group>
          <DeferredProfileMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main-content" className={classes.main}>
        <VerifyEmailBanner user={user} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
