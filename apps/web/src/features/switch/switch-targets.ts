import type { OrgGroupMapping, SwitchBody } from '@resonant/contracts/switch';

/** An area that belongs to a context the user can switch into. */
export type SwitchableArea = 'org' | 'group';

/** A context the user may switch into to open a page of an area, with the names that show it. */
export type SwitchTarget = { body: SwitchBody; orgName: string; groupName: string | null };

function targetsIn(area: SwitchableArea, orgs: readonly OrgGroupMapping[]): SwitchTarget[] {
  if (area === 'org') {
    return orgs
      .filter((org) => org.can_switch_to_org)
      .map((org) => ({
        body: { currentOrgId: org.org_id, currentGroupId: null, currentUserType: 'org' },
        orgName: org.org_name,
        groupName: null,
      }));
  }
  return orgs.flatMap((org) =>
    org.groups
      .filter((group) => group.user_type === 'group')
      .map((group) => ({
        body: {
          currentOrgId: org.org_id,
          currentGroupId: group.group_id,
          currentUserType: 'group' as const,
        },
        orgName: org.org_name,
        groupName: group.group_name,
      })),
  );
}

/**
 * Where the user could switch to open a page of `area`: within the current organisation when it
 * offers any (the org admin's own org from one of its groups, the groups of the org they work
 * in), otherwise anywhere their memberships allow. One target means the choice is unambiguous.
 */
export function switchTargetsFor(
  area: SwitchableArea,
  currentOrgId: string | null,
  orgs: readonly OrgGroupMapping[],
): SwitchTarget[] {
  const here = targetsIn(
    area,
    orgs.filter((org) => org.org_id === currentOrgId),
  );
  return here.length > 0 ? here : targetsIn(area, orgs);
}
