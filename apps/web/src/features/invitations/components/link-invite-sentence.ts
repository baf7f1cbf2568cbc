import { INVITE_ROLE_LABELS, type InvitationDetails } from '@resonant/contracts/invitations';

type InviteSentenceParts = Pick<
  InvitationDetails,
  'invited_by' | 'org_name' | 'group_name' | 'role'
>;

/** "<who> invited you to join <org> (group <group>) as <role>.", naming only what is known. */
export function inviteSentence({
  invited_by,
  org_name,
  group_name,
  role,
}: InviteSentenceParts): string {
  const inviter = invited_by?.trim();
  const who = inviter ? `${inviter} invited you` : 'You have been invited';
  const where = group_name ? `${org_name} (group ${group_name})` : org_name;
  return `${who} to join ${where} as ${INVITE_ROLE_LABELS[role]}.`;
}
