import { useState } from 'react';
import { Avatar, Badge, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCreditCard, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { paths } from '../../config/paths.ts';
import { SignInMethodsDialog } from '../../features/auth/components/sign-in-methods-dialog.tsx';
import { useSignOut } from '../../lib/sign-out.ts';
import { can } from '../../lib/can.ts';

interface ProfileMenuProps {
  user: UserProfile;
}

function initialsOf(user: UserProfile): string {
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return initials || user.email.charAt(0).toUpperCase();
}

export function ProfileMenu({ user }: ProfileMenuProps) {
  const signOut = useSignOut();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  // Outside the menu, which closes on the click that opens it.
  const [methodsOpened, setMethodsOpened] = useState(false);

  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Profile menu of ${name}`} style={{ borderRadius: '50%' }}>
            <Avatar color="resonant" variant="filled" radius="xl">
              {initialsOf(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Box px="sm" pt="xs" pb="sm">
            <Text fw={600} truncate="end">
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {user.email}
            </Text>
            <Badge mt={8} variant="light" size="sm">
              {ROLE_LABELS[user.user_type]}
            </Badge>
          </Box>
          <Menu.Divider />
          {can(user, 'org.billing.manage') && (
            <Menu.Item
              component={Link}
              to={paths.org.billingSettings}
              leftSection={<IconCreditCard size={18} aria-hidden />}
            >
              Billing Settings
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconKey size={18} aria-hidden />}
            onClick={() => setMethodsOpened(true)}
          >
            Sign-in methods
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={18} aria-hidden />}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate({})}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignInMethodsDialog opened={methodsOpened} onClose={() => setMethodsOpened(false)} />
    </>
  );
}
