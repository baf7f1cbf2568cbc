import { Divider, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { Logo } from '../../components/logo.tsx';
import classes from './frame.module.css';

interface FrameTitleProps {
  user: UserProfile;
  title: string;
}

/** The logo (a link to the user's home) and the page title, at the start of every top bar. */
export function FrameTitle({ user, title }: FrameTitleProps) {
  return (
    <>
      <Link to={ROLE_HOME[user.user_type]} className={classes.homeLink} aria-label="Resonant home">
        <Logo size={30} compact />
      </Link>
      <Divider orientation="vertical" visibleFrom="sm" h={28} style={{ alignSelf: 'center' }} />
      <Title order={1} fz={{ base: 'md', sm: 'lg' }} fw={650} lineClamp={1} miw={0}>
        {title}
      </Title>
    </>
  );
}
