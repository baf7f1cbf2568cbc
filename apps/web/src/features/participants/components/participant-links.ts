import { useSearchParams } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `userId` of the page's query string when it is a well-formed id, else null. */
export function useUserIdParam(): string | null {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  return userId && UUID.test(userId) ? userId : null;
}

/** Page sizes of the group area's tables: its users and one member's readings. */
export const PARTICIPANT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const PARTICIPANT_DEFAULT_PAGE_SIZE = 20;
