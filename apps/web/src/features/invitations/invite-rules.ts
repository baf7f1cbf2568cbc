import {
  InviteFields,
  ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE,
  type InviteRole,
} from '@resonant/contracts/invitations';
import {
  inviteRolesFor,
  requiredInviteIds,
  type InvitationsMode,
} from '@resonant/contracts/invitations-policies';
import { DEFAULT_GROUP_NAME } from '@resonant/contracts/groups';

const REQUIRED_MESSAGE = 'This field is required';

/** The Invite User form's schema in a mode: `InviteFields` plus the mode's ids and roles. */
export function inviteFieldsFor(mode: InvitationsMode) {
  const required = requiredInviteIds(mode);
  const roles = inviteRolesFor(mode);
  // Checked even when other fields fail, so every message shows at once.
  return InviteFields.superRefine((values, ctx) => {
    for (const field of required) {
      if (!values[field])
        ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED_MESSAGE });
    }
    if (values.role && !roles.includes(values.role)) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE });
    }
  });
}

/** A group an invitee can be put in, as GET /api/org/invitation/groups lists it. */
type InviteGroup = { id: string; name: string; is_default: boolean };

/**
 * The Group select's options: the groups by name, then the Default group, labelled 'Default',
 * except for a Group Admin (the Default group has none: it holds the whole organization).
 */
export function inviteGroupOptions(groups: readonly InviteGroup[], role: InviteRole) {
  const named = groups
    .filter((group) => !group.is_default)
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map((group) => ({ value: group.id, label: group.name }));
  const fallback = groups
    .filter((group) => group.is_default && role !== 'group')
    .map((group) => ({ value: group.id, label: DEFAULT_GROUP_NAME }));
  return [...named, ...fallback];
}
