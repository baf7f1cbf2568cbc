import { DEFAULT_GROUP_PROTECTED_MESSAGE } from './groups.ts';
import {
  CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE,
  GROUP_ADMIN_NOT_REMOVABLE_MESSAGE,
} from './participants.ts';

/** Who would take whom out of which group (DELETE /api/group/participants). */
export type ParticipantRemoval = {
  callerId: string;
  userId: string;
  isGroupAdmin: boolean;
  isDefaultGroup: boolean;
};

/**
 * Why a member cannot be taken out of a group, or null when they can: everyone stays in Default
 * (SPEC §2: Add User and Delete disabled there), nobody removes themselves, and a group admin loses
 * the role first (through the groups page), so removal never takes a group's admins away.
 * The API answers the reason with 403; the web hides the action.
 */
export function participantRemovalRefusal(removal: ParticipantRemoval): string | null {
  if (removal.isDefaultGroup) return DEFAULT_GROUP_PROTECTED_MESSAGE;
  if (removal.callerId === removal.userId) return CANNOT_REMOVE_SELF_FROM_GROUP_MESSAGE;
  if (removal.isGroupAdmin) return GROUP_ADMIN_NOT_REMOVABLE_MESSAGE;
  return null;
}
