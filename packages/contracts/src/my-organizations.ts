import { z } from 'zod';
import { Id } from './fields.ts';

/**
 * What the admins of an organisation can open about one of its members, as the routes of today
 * allow: reports (features/reports: readings, sessions, raw optimal-zone data, the two CSV
 * downloads), the users list (features/org-users: the profile fields of an OrgUser row) and the
 * dashboards (features/analytics: the member's own figures and their part in the averages). Org
 * admins see this of every member; a group admin of the members of the groups they administer.
 */
export const ADMIN_VIEWS = [
  {
    key: 'readings',
    label: 'Your readings',
    detail:
      'Every morning and anytime reading with its metrics, its quality and where it falls against your normal range',
  },
  {
    key: 'sessions',
    label: 'Your sessions',
    detail:
      'Your biofeedback, mindfulness and self-compassion sessions, minute by minute, with their breathing settings and tags',
  },
  {
    key: 'raw-optimal-zone',
    label: 'Raw optimal-zone data',
    detail: 'The optimal-zone samples recorded during each of your sessions',
  },
  {
    key: 'csv',
    label: 'CSV downloads',
    detail: 'Your readings and your sessions downloaded as CSV files',
  },
  {
    key: 'profile',
    label: 'Your profile',
    detail:
      'Your first and last name, email, gender, date of birth, when you signed up and your last activity',
  },
  {
    key: 'dashboards',
    label: 'Dashboards',
    detail:
      'Your latest reading and averages on their dashboards, and your part in the averages of the organisation and its groups',
  },
] as const;
export type AdminViewKey = (typeof ADMIN_VIEWS)[number]['key'];
const ADMIN_VIEW_KEYS = ADMIN_VIEWS.map((view) => view.key) as [AdminViewKey, ...AdminViewKey[]];

/** What happens when a member leaves an organisation: the confirmation says each of these. */
export const LEAVE_CONSEQUENCES = [
  'Your readings and sessions stay yours and leave with you.',
  "The organisation's figures stop counting you at once.",
  'Its admins see you as removed and can no longer open your data.',
  'You need a new invitation to come back.',
] as const;

export const NO_ORGANIZATIONS_MESSAGE = "You're not in an organisation: your data is yours alone";
export const LEFT_ORGANIZATION_MESSAGE = 'You left the organisation';
export const LAST_ORG_ADMIN_LEAVE_MESSAGE =
  'You are the only admin of this organisation: make another member an org admin before you leave, so someone can still manage it';

/** An admin as a member sees them: their name only. */
export const AdminName = z.object({ first_name: z.string(), last_name: z.string() });
export type AdminName = z.infer<typeof AdminName>;

export const MyGroup = z.object({
  group_id: z.string(),
  group_name: z.string(),
  is_default: z.boolean(),
  /** The caller administers this group. */
  is_admin: z.boolean(),
  /** This group's admins, who see of its members what `admins_can_see` lists. */
  admins: z.array(AdminName),
});
export type MyGroup = z.infer<typeof MyGroup>;

/** One organisation the caller belongs to. */
export const MyOrganization = z.object({
  org_id: z.string(),
  org_name: z.string(),
  /** The caller's highest role there: org admin, group admin of a group, or member. */
  role: z.enum(['org', 'group', 'user']),
  groups: z.array(MyGroup),
  org_admins: z.array(AdminName),
  /** What its admins can open about the caller (ADMIN_VIEWS keys). */
  admins_can_see: z.array(z.enum(ADMIN_VIEW_KEYS)),
  /** Why the caller cannot leave it (the last org admin), or null. */
  leave_refusal: z.string().nullable(),
});
export type MyOrganization = z.infer<typeof MyOrganization>;

/** GET /api/user/organizations. */
export const MyOrganizationsResponse = z.object({ organizations: z.array(MyOrganization) });
export type MyOrganizationsResponse = z.infer<typeof MyOrganizationsResponse>;

/** DELETE /api/user/organizations/{orgId}/membership. */
export const LeaveOrganizationParams = z.object({ orgId: Id('orgId') });
export const LeaveOrganizationResponse = z.object({ message: z.string() });
export type LeaveOrganizationResponse = z.infer<typeof LeaveOrganizationResponse>;
