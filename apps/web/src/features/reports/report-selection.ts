import type { OrgMember } from '@resonant/contracts/org-users';
import { REPORTS_MAX_USERS } from '@resonant/contracts/reports';

/** What Apply committed: the users (each with its colour from the palette) and the tags. */
export type ReportSelection = {
  users: { id: string; name: string; colour: string }[];
  tagIds: string[];
};

/**
 * SPEC §9: the report lines' 12-colour palette, one colour per applied user in the order picked.
 * Each stands at least 3:1 against the white page (WCAG 1.4.11, graphics), so Okabe–Ito's orange
 * and sky blue are left out for darker hues; the first five (at most 5 users) are far apart in
 * hue and lightness, so they stay told apart with the common colour-vision deficiencies.
 */
export const REPORT_PALETTE = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#9A7B00',
  '#6A3D9A',
  '#8C564B',
  '#00838F',
  '#B2182B',
  '#4D4D4D',
  '#6B8E23',
  '#AA3377',
] as const;

/** A member's name as the pickers and charts show it. */
export const memberName = (member: Pick<OrgMember, 'first_name' | 'last_name'>) =>
  `${member.first_name} ${member.last_name}`.trim();

/**
 * The selection of the applied ids: each a colour by its place, named from the members list (an id
 * the caller no longer reaches is left out).
 */
export function selectionOf(
  userIds: readonly string[],
  tagIds: readonly string[],
  members: readonly OrgMember[],
): ReportSelection {
  const byId = new Map(members.map((member) => [member.user_id, member]));
  const users = userIds.flatMap((id) => {
    const member = byId.get(id);
    return member ? [{ id, name: memberName(member) }] : [];
  });
  return {
    users: users.map((user, index) => ({
      ...user,
      colour: REPORT_PALETTE[index % REPORT_PALETTE.length]!,
    })),
    tagIds: [...tagIds],
  };
}

/**
 * The 5-user rule (SPEC §9): the picker's new value when it holds at most 5 users, else the
 * current one kept and `refused` set, so the page says why instead of blocking silently.
 */
export function pickUsers(
  current: readonly string[],
  next: readonly string[],
): { userIds: string[]; refused: boolean } {
  if (next.length > REPORTS_MAX_USERS) return { userIds: [...current], refused: true };
  return { userIds: [...next], refused: false };
}
