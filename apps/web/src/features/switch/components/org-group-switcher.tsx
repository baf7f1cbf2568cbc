import { Fragment } from 'react';
import { Loader, Menu, ScrollArea, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconCheck, IconUsersGroup } from '@tabler/icons-react';
import type { Role } from '@resonant/contracts/roles';
import type { SwitchBody } from '@resonant/contracts/switch';
import { useOrgsAndGroups } from '../../../lib/orgs-and-groups.ts';
import { useSwitchContext } from '../../../lib/switch-context.ts';
import { SwitcherButton } from './switcher-button.tsx';

interface OrgGroupSwitcherProps {
  currentOrgId: string | null;
  currentGroupId: string | null;
  currentUserType: Role;
  currentOrgName: string | null;
  currentGroupName: string | null;
  /** Open from the start: its button was chosen before the menu had loaded. */
  defaultOpened?: boolean;
}

/**
 * Names where the user works and lists their organizations and groups; choosing one switches the
 * working context.
 */
export function OrgGroupSwitcher({
  currentOrgId,
  currentGroupId,
  currentUserType,
  currentOrgName,
  currentGroupName,
  defaultOpened = false,
}: OrgGroupSwitcherProps) {
  const { data, isPending, isError } = useOrgsAndGroups();
  const switchContext = useSwitchContext();

  // Choosing the context the user is already in just closes the menu.
  const choose = (body: SwitchBody, isCurrent: boolean) => {
    if (!isCurrent) switchContext.mutate(body);
  };

  return (
    <Menu position="bottom-end" width={300} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <SwitcherButton
          currentUserType={currentUserType}
          currentOrgName={currentOrgName}
          currentGroupName={currentGroupName}
          loading={switchContext.isPending}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={380} type="auto">
          {isPending && (
            <Menu.Label>
              <Loader size="xs" mr="xs" aria-hidden /> Loading organizations…
            </Menu.Label>
          )}
          {isError && <Menu.Label>Your organizations could not be loaded.</Menu.Label>}
          {data?.orgs.length === 0 && (
            <Menu.Label>You are not part of any organization.</Menu.Label>
          )}
          {data?.orgs.map((org, index) => {
            const orgIsCurrent = currentUserType === 'org' && currentOrgId === org.org_id;
            return (
              <Fragment key={org.org_id}>
                {index > 0 && <Menu.Divider />}
                {org.can_switch_to_org ? (
                  <Menu.Item
                    leftSection={<IconBuilding size={18} aria-hidden />}
                    rightSection={orgIsCurrent ? <IconCheck size={16} aria-hidden /> : null}
                    fw={600}
                    onClick={() =>
                      choose(
                        { currentOrgId: org.org_id, currentGroupId: null, currentUserType: 'org' },
                        orgIsCurrent,
                      )
                    }
                  >
                    {org.org_name}
                    {orgIsCurrent && <VisuallyHidden> (current)</VisuallyHidden>}
                  </Menu.Item>
                ) : (
                  <Menu.Label fw={600}>{org.org_name}</Menu.Label>
                )}
                {org.groups.map((group) => {
                  const groupIsCurrent =
                    currentUserType !== 'org' && currentGroupId === group.group_id;
                  return (
                    <Menu.Item
                      key={group.group_id}
                      pl="lg"
                      leftSection={<IconUsersGroup size={18} aria-hidden />}
                      rightSection={groupIsCurrent ? <IconCheck size={16} aria-hidden /> : null}
                      onClick={() =>
                        choose(
                          {
                            currentOrgId: org.org_id,
                            currentGroupId: group.group_id,
                            currentUserType: group.user_type,
                          },
                          groupIsCurrent,
                        )
                      }
                    >
                      {group.group_name}
                      {groupIsCurrent && <VisuallyHidden> (current)</VisuallyHidden>}
                    </Menu.Item>
                  );
                })}
              </Fragment>
            );
          })}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
