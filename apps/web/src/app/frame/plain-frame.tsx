import { AppShell, Divider, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { Logo } from '../../components/logo.tsx';
import { documentTitle, useRouteTitle } from '../route-handle.ts';
import { ProfileMenu } from './profile-menu.tsx';
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
            <Link
              to={ROLE_HOME[user.user_type]}
              className={classes.homeLink}
              aria-label="Resonant home"
            >
              <Logo size={30} compact />
            </Link>
            <Divider
              orientation="vertical"
              visibleFrom="sm"
              h={28}
              style={{ alignSelf: 'center' }}
            />
            <Title order={1} fz={{ base: 'md', sm: 'lg' }} fw={650} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <ProfileMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main-content" className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
