import type { ComponentPropsWithRef } from 'react';
import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import type { Role } from '@resonant/contracts/roles';
import { contextName } from '../context-name.ts';

const LABEL = 'Select Org or Group';

type SwitcherButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  currentUserType: Role;
  currentOrgName: string | null;
  currentGroupName: string | null;
  loading?: boolean;
};

/**
 * The switcher's button: where the user works, under an accessible name that keeps SPEC §2's
 * 'Select Org or Group' before the place. The frame shows it alone until the menu has loaded.
 */
export function SwitcherButton({
  currentUserType,
  currentOrgName,
  currentGroupName,
  loading = false,
  ...buttonProps
}: SwitcherButtonProps) {
  const where = contextName(currentUserType, currentOrgName, currentGroupName);
  return (
    <Button
      {...buttonProps}
      variant="light"
      aria-label={where ? `${LABEL}: ${where}` : LABEL}
      loading={loading}
      leftSection={<IconSwitchHorizontal size={18} aria-hidden />}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      px={{ base: 'xs', sm: 'md' }}
      styles={{ section: { marginInline: 0 } }}
    >
      <Text span inherit visibleFrom="sm" ml={8} mr={4} truncate="end" maw={280}>
        {where ?? LABEL}
      </Text>
    </Button>
  );
}
