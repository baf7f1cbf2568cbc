// How a member row shows in the users table and the group area's table (SPEC §3 "Org user row").
import dayjs from 'dayjs';
import { MISSING_SIGNUP_DATE, type OrgUser } from '@resonant/contracts/org-users';

export type UserDisplayType = 'Admin' | 'External' | 'Internal';

/** The colour of a user type's badge. */
export const USER_TYPE_COLORS: Record<UserDisplayType, string> = {
  Admin: 'indigo',
  Internal: 'resonant',
  External: 'orange',
};

/** SPEC §3: Admin when the highest role is org, else External when solo, else Internal. */
export function userDisplayType(user: Pick<OrgUser, 'user_highest_role' | 'is_solo'>) {
  if (user.user_highest_role === 'org') return 'Admin';
  return user.is_solo ? 'External' : 'Internal';
}

/** The signup date as YYYY-MM-DD; a missing one shows as SPEC §3's 2025-04-15. */
export function signupDate(user: Pick<OrgUser, 'created_at'>): string {
  const date = user.created_at ? dayjs(user.created_at) : null;
  return date?.isValid() ? date.format('YYYY-MM-DD') : MISSING_SIGNUP_DATE;
}

/** When the member last took a reading or a session, in the viewer's time zone. */
export function lastActivity(user: Pick<OrgUser, 'last_activity_date'>): string {
  const date = user.last_activity_date ? dayjs(user.last_activity_date) : null;
  return date?.isValid() ? date.format('YYYY-MM-DD HH:mm') : '—';
}

const ACTIVITY_LABELS: Record<string, string> = {
  morning: 'Morning reading',
  anytime: 'Anytime reading',
  biofeedback: 'Biofeedback',
  mindfulness: 'Mindfulness',
  self_compassion: 'Self-compassion',
};

/** A readable name of the last activity; unknown types are shown as stored. */
export function lastActivityType(user: Pick<OrgUser, 'last_activity_type'>): string {
  const type = user.last_activity_type;
  if (!type) return '—';
  return ACTIVITY_LABELS[type] ?? type;
}

/** Who pays the seat: the organization, or the user (SPEC §6 "payer is the user (External)"). */
export function payerLabel(user: Pick<OrgUser, 'subscription_payer'>): 'Org' | 'User' {
  return user.subscription_payer === 'External' ? 'User' : 'Org';
}
