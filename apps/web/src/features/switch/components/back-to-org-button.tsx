import { Loader, NavLink } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useOrgsAndGroups } from '../../../lib/orgs-and-groups.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';

interface BackToOrgButtonProps {
  orgId: string;
  onSwitched: () => void;
}

/** Leaves the group for its organization; only offered when the user may act as org admin there. */
export function BackToOrgButton({ orgId, onSwitched }: BackToOrgButtonProps) {
  const { data } = useOrgsAndGroups();
  const switchContext = useSwitchContext();
  const mapping = data?.orgs.find((org) => org.org_id === orgId);
  if (!mapping?.can_switch_to_org) return null;

  return (
    <NavLink
      component="button"
      type="button"
      label="Back to Org"
      leftSection={<IconArrowBackUp size={20} stroke={1.6} aria-hidden />}
      rightSection={switchContext.isPending ? <Loader size="xs" aria-hidden /> : null}
      disabled={switchContext.isPending}
      onClick={() =>
        switchContext.mutate(
          { currentOrgId: orgId, currentGroupId: null, currentUserType: 'org' },
          { onSuccess: onSwitched },
        )
      }
      mt="sm"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
