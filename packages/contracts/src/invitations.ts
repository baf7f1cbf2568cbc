import { z } from 'zod';
import { Id, ListSearch, ListSort, PersonName } from './fields.ts';

/** SPEC §5 / §9: the invite's names and email are at most 50 characters each. */
export const INVITE_FIELD_MAX = 50;
/** SPEC §5 "Autocomplete": the organisation search starts after more than 2 characters. */
export const ORG_SEARCH_MIN = 3;
export const INVITATIONS_LIMIT_MAX = 100;
export const INVITATIONS_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The role an invitation grants: org admin, group admin or standard user. */
export const INVITE_ROLES = ['org', 'group', 'user'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const INVITE_ROLE_LABELS: Record<InviteRole, string> = {
  org: 'Organization Admin',
  group: 'Group Admin',
  user: 'Standard User',
};

/** The explanatory note under the role choice (SPEC §2 "Invitations"). */
export const INVITE_ROLE_NOTES: Record<InviteRole, string> = {
  org:
    'An Organization Admin manages the whole organization: its dashboard, groups, users, ' +
    'invitations, reports and billing, and can switch into any group.',
  group:
    'A Group Admin follows and manages the users of the chosen group: the group dashboard, ' +
    'participants, invitations and reports.',
  user:
    'A Standard User records HRV readings and breathing sessions with the mobile app and ' +
    'belongs to the chosen group; they have no access to the admin dashboard.',
};

/**
 * What an invitation is now. `expired` is never stored while the link is unused: a pending
 * invitation past its expiry is presented as expired. `revoked` is not used by the product yet.
 */
export const INVITATION_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'revoked',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Whether the invitation mail is waiting to be sent, sent, or finally failed after retries. */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

// The strings the spec gives (SPEC §2, §8), used verbatim by the API and the web app.
export const INVITE_DIALOG_TITLE = 'Invite user to your Organization';
export const INVITE_DIALOG_TITLE_ADMIN = 'Invite user to any Organization';
export const INVITATION_NOT_VALID_MESSAGE = 'Invitation link is not valid!!';
export const INVITATION_EXPIRED_MESSAGE = 'Sorry the invitation link is expired!!';
export const WRONG_ACCOUNT_HEADING = 'Something went wrong!';

// Messages the spec leaves to us.
export const WRONG_ACCOUNT_MESSAGE =
  'This invitation was sent to a different email address. Sign in with the invited email, ' +
  'or ask the person who invited you to resend the invitation to this account.';
export const INVITATION_SENT_MESSAGE = 'Invitation sent successfully';
export const INVITATION_RESENT_MESSAGE = 'Invitation resent successfully';
export const INVITATION_ACCEPTED_MESSAGE = 'Invitation accepted';
export const INVITATION_REJECTED_MESSAGE = 'Invitation rejected';
export const ALREADY_MEMBER_MESSAGE = 'This person is already a member of this organization';
export const ALREADY_PENDING_MESSAGE =
  'An invitation to this email is already pending; resend it from the invitations table';
export const ALREADY_ACCEPTED_MESSAGE = 'This invitation was accepted already';
export const INVITE_RATE_LIMITED_MESSAGE =
  'Too many invitations were sent from this organization; please try again later';
export const APP_ADMIN_NOT_INVITABLE_MESSAGE = 'The app admin account cannot be invited';
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
export const ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE = 'Group admins cannot invite organization admins';
/** The Default group holds every member: a group admin of it would reach the whole organization. */
export const DEFAULT_GROUP_NO_ADMIN_MESSAGE =
  'The Default group has no Group Admin: choose another group for a Group Admin';

// The name rule also keeps control characters, which could break the mail's header, out.
const InviteName = (label: string) => PersonName(label, INVITE_FIELD_MAX, 'This field is required');

/** An invited address: required, at most 50 characters, stored lower-cased. */
export const InviteEmail = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(INVITE_FIELD_MAX, `Email must be at most ${INVITE_FIELD_MAX} characters`)
  .pipe(z.email('Please enter a valid email.'))
  .transform((email) => email.toLowerCase());

/**
 * The Invite User form (SPEC §5 "Invite"): which ids are required depends on the mode and is
 * checked by `inviteFieldsFor` in the web app and by the server.
 */
export const InviteFields = z.object({
  firstName: InviteName('First name'),
  lastName: InviteName('Last name'),
  email: InviteEmail,
  role: z.enum(INVITE_ROLES, { error: 'This field is required' }),
  orgId: Id('orgId').nullish(),
  groupId: Id('groupId').nullish(),
});
export type InviteFields = z.input<typeof InviteFields>;

/**
 * POST /api/org/invitation (SPEC §7). `userToInviteId` is accepted for the spec's payload and
 * ignored: an invitation always names an email, and only that account can accept it.
 */
export const InviteBody = InviteFields.extend({ userToInviteId: z.string().nullish() });
export type InviteBody = z.input<typeof InviteBody>;

/** PUT /api/org/invitation (SPEC §7): resend, which issues a new link and voids the old one. */
export const ResendInvitationBody = z.object({ magicLinkId: Id('magicLinkId') });
export type ResendInvitationBody = z.input<typeof ResendInvitationBody>;

/** The columns the invitations list sorts by; without one it is newest first. */
const INVITATIONS_SORTS = [
  'first_name',
  'last_name',
  'email',
  'org_name',
  'group_name',
  'sent_at',
] as const;
export type InvitationsSort = (typeof INVITATIONS_SORTS)[number];

/** GET /api/org/invitation/list: newest first or sorted, server-side paging, optional search. */
export const InvitationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(INVITATIONS_LIMIT_MAX).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  search: ListSearch,
  ...ListSort(INVITATIONS_SORTS),
});
export type InvitationListQuery = z.input<typeof InvitationListQuery>;

/** SPEC §3 "Invitation", plus the role, the mail's delivery state and the link's expiry. */
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  role: z.enum(INVITE_ROLES),
  mail_status: z.enum(MAIL_STATUSES),
  /** When the current link was sent (or queued); a resend moves it. */
  created_at: z.string(),
  expires_at: z.string(),
  state: z.object({
    first_name: z.string(),
    last_name: z.string(),
    org_name: z.string(),
    group_name: z.string().nullable(),
  }),
});
export type Invitation = z.infer<typeof Invitation>;

export const InvitationListResponse = z.object({
  list: z.array(Invitation),
  noOfRows: z.number().int(),
});
export type InvitationListResponse = z.infer<typeof InvitationListResponse>;

export const InvitationSentResponse = z.object({
  message: z.string(),
  invitation: Invitation,
});
export type InvitationSentResponse = z.infer<typeof InvitationSentResponse>;

/** GET /api/org/invitation/groups[?org_id]: the groups an invitee can be put in. */
export const InvitationGroupsQuery = z.object({ org_id: Id('org_id').optional() });
export type InvitationGroupsQuery = z.input<typeof InvitationGroupsQuery>;

export const InvitationGroupsResponse = z.object({
  list: z.array(z.object({ id: z.string(), name: z.string(), is_default: z.boolean() })),
});
export type InvitationGroupsResponse = z.infer<typeof InvitationGroupsResponse>;

/** GET /api/org/search_orgs?search_term (app admin). */
export const SearchOrgsQuery = z.object({
  search_term: z.string().trim().min(1, 'search_term is required').max(100),
});
export type SearchOrgsQuery = z.input<typeof SearchOrgsQuery>;

export const SearchOrgsResponse = z.object({
  list: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SearchOrgsResponse = z.infer<typeof SearchOrgsResponse>;

/** The link's token as it arrives from `?it=`; a malformed one is simply not valid. */
const LinkToken = z
  .string({ error: INVITATION_NOT_VALID_MESSAGE })
  .min(1, INVITATION_NOT_VALID_MESSAGE)
  .max(200, INVITATION_NOT_VALID_MESSAGE);

/** GET /api/invitation-details?it={token}. */
export const InvitationDetailsQuery = z.object({ it: LinkToken });
export type InvitationDetailsQuery = z.input<typeof InvitationDetailsQuery>;

/** SPEC §3 "Invitation details", plus what the invite view names. */
export const InvitationDetails = z.object({
  org_name: z.string(),
  group_name: z.string().nullable(),
  /** Whether the signed-in account's email is the invited one (only that account may answer). */
  accountSameAsEmail: z.boolean(),
  role: z.enum(INVITE_ROLES),
  first_name: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationDetails = z.infer<typeof InvitationDetails>;

/** POST /api/process-invitation {it, status}. */
export const ProcessInvitationBody = z.object({
  it: LinkToken,
  status: z.enum(['accepted', 'rejected'], { error: 'status must be accepted or rejected' }),
});
export type ProcessInvitationBody = z.input<typeof ProcessInvitationBody>;

export const ProcessInvitationResponse = z.object({ message: z.string() });
export type ProcessInvitationResponse = z.infer<typeof ProcessInvitationResponse>;
