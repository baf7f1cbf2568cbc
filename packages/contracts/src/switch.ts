import { z } from 'zod';
import { ROLES } from './roles.ts';
import { UserProfile } from './profile.ts';

/** SPEC §3 "Org/group mapping". */
export const OrgGroupMapping = z.object({
  org_id: z.string(),
  org_name: z.string(),
  can_switch_to_org: z.boolean(),
  groups: z.array(
    z.object({
      group_id: z.string(),
      group_name: z.string(),
      user_type: z.enum(['group', 'user']),
    }),
  ),
});
export type OrgGroupMapping = z.infer<typeof OrgGroupMapping>;

/** GET /api/switch/orgs_and_groups. */
export const OrgsAndGroupsResponse = z.object({ orgs: z.array(OrgGroupMapping) });
export type OrgsAndGroupsResponse = z.infer<typeof OrgsAndGroupsResponse>;

/** POST /api/switch: the server checks the target against the caller's memberships. */
export const SwitchBody = z.object({
  currentOrgId: z.uuid('currentOrgId must be an id'),
  currentGroupId: z.uuid('currentGroupId must be an id').nullable().optional(),
  currentUserType: z.enum(ROLES.filter((role) => role !== 'super') as ['org', 'group', 'user']),
});
export type SwitchBody = z.infer<typeof SwitchBody>;

export const SwitchResponse = z.object({ message: z.string(), user: UserProfile });
export type SwitchResponse = z.infer<typeof SwitchResponse>;
