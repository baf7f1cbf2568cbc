import { Burger, Group, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@resonant/contracts/profile';
import type { Area } from '../../config/paths.ts';
import { DeferredOrgGroupSwitcher, DeferredProfileMenu } from './deferred-menus.tsx';
import { FrameTitle } from './frame-title.tsx';

interface TopBarProps {
  area: Area;
  user: UserProfile;
  title: string;
  navOpened: boolean;
  navId: string;
  onToggleNav: () => void;
}

export function TopBar({ area, user, title, navOpened, navId, onToggleNav }: TopBarProps) {
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close menu' : 'Open menu'}
          aria-expanded={navOpened}
          aria-controls={navId}
        />
        <FrameTitle user={user} title={title} />
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {area === 'org' && (
          <Stack gap={0} align="flex-end" visibleFrom="md" maw={220}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
              Organization
            </Text>
            {user.org_name && (
              <Text size="sm" fw={600} truncate="end" maw={220}>
                {user.org_name}
              </Text>
            )}
          </Stack>
        )}
        {area !== 'admin' && <DeferredOrgGroupSwitcher user={user} />}
        <DeferredProfileMenu user={user} />
      </Group>
    </Group>
  );
}
