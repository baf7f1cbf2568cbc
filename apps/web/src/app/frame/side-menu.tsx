import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { UserProfile } from '@resonant/contracts/profile';
import type { Area } from '../../config/paths.ts';
import { BackToOrgButton } from '../../features/switch/components/back-to-org-button.tsx';
import { AREA_LABELS, MENUS, isMenuItemActive } from './menus.ts';

interface SideMenuProps {
  area: Area;
  user: UserProfile;
  /** Called after a choice, so the mobile drawer can close. */
  onNavigate: () => void;
}

export function SideMenu({ area, user, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const context = area === 'group' ? user.group_name : area === 'org' ? user.org_name : null;

  return (
    <>
      <Box px="md" pt="md" pb="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
          {AREA_LABELS[area]}
        </Text>
        {context && (
          <Text size="sm" fw={600} truncate="end" title={context}>
            {context}
          </Text>
        )}
      </Box>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring the floating UI library
          (floating-ui) into every page's first load. */}
      <Box flex={1} px="xs" pb="md" style={{ overflowY: 'auto' }}>
        <Stack gap={2}>
          {MENUS[area].map((item) => {
            const active = isMenuItemActive(item, pathname, area);
            return (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
          {area === 'group' && user.current_org_id && (
            <BackToOrgButton orgId={user.current_org_id} onSwitched={onNavigate} />
          )}
        </Stack>
      </Box>
    </>
  );
}
