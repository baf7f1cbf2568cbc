import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Menu, Text } from '@mantine/core';
import { IconCreditCard, IconKey, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@resonant/contracts/roles';
import type { UserProfile } from '@resonant/contracts/profile';
import { paths } from '../../config/paths.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { can } from '../../lib/can.ts';
import { ProfileButton, profileName } from './profile-button.tsx';

// Every signed-in page has this menu and few open the dialog: it is fetched when the menu opens,
// so it is there by the time its item is chosen.
const loadSignInMethodsDialog = () =>
  import('../../features/auth/components/sign-in-methods-dialog.tsx');
const SignInMethodsDialog = lazy(() =>
  loadSignInMethodsDialog().then((module) => ({ default: module.SignInMethodsDialog })),
);

interface ProfileMenuProps {
  user: UserProfile;
  /** Open from the start: its button was chosen before the menu had loaded. */
  defaultOpened?: boolean;
}

export function ProfileMenu({ user, defaultOpened = false }: ProfileMenuProps) {
  const signOut = useSignOut();
  const name = profileName(user);
  // Outside the menu, which closes on the click that opens it.
  const [methodsOpened, setMethodsOpened] = useState(false);
  // Mounted from the first opening on, so closing it still fades out.
  const [methodsWanted, setMethodsWanted] = useState(false);

  return (
    <>
      <Menu
        position="bottom-end"
        width={280}
        shadow="md"
        withinPortal
        defaultOpened={defaultOpened}
        onOpen={() => void loadSignInMethodsDialog()}
      >
        <Menu.Target>
          <ProfileButton user={user} />
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
            component={Link}
            to={paths.user.settings}
            leftSection={<IconSettings size={18} aria-hidden />}
          >
            Settings
          </Menu.Item>
          <Menu.Item
            leftSection={<IconKey size={18} aria-hidden />}
            onClick={() => {
              setMethodsWanted(true);
              setMethodsOpened(true);
            }}
          >
            Sign-in methods
          </Menu.Item>
          <Menu.Item
            // Mantine colours an item by shade 6 of a palette, below 4.5:1 on white for red; the
            // palette's ink (the theme's) reads.
            color="var(--mantine-color-red-text)"
            leftSection={<IconLogout size={18} aria-hidden />}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate({})}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {methodsWanted && (
        <Suspense fallback={null}>
          <SignInMethodsDialog opened={methodsOpened} onClose={() => setMethodsOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
