import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `userId` of the page's query string when it is a well-formed id, else null. */
export function useUserIdParam(): string | null {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  return userId && UUID.test(userId) ? userId : null;
}

/** The query parameter that opens the participants tab of /group/participants. */
export const PARTICIPANTS_VIEW = { view: 'participants' } as const;
/** The participants tab, where the profile pages lead back to. */
export const PARTICIPANTS_TAB_PATH = `${paths.group.participants}?${new URLSearchParams(PARTICIPANTS_VIEW).toString()}`;

/** Page sizes of the group area's lists (a group's members, one member's readings). */
export const PARTICIPANT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const PARTICIPANT_DEFAULT_PAGE_SIZE = 20;
