import { Alert, Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_MFA_REQUIRED_MESSAGE } from '@resonant/contracts/two-factor';
import { paths } from '../../../config/paths.ts';

/** For an admin whose organisation requires a second factor they do not have yet. */
export function AdminMfaNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconShieldLock size={20} aria-hidden />}
      title="Two-factor authentication required"
    >
      {ADMIN_MFA_REQUIRED_MESSAGE}.{' '}
      <Anchor component={Link} to={paths.user.settings}>
        Open Settings
      </Anchor>
    </Alert>
  );
}
