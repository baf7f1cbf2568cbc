import type { SelectedHistoryResponse } from '@resonant/contracts/reports';

/** SPEC §9: the next 20 sessions load this long after the list is scrolled near its end. */
export const LOAD_MORE_DELAY_MS = 200;

/** SPEC §9: a session list scrolls inside this height. */
export const SESSION_LIST_MAX_HEIGHT = 1000;

/**
 * The offset of the page after the one read at `lastOffset`, or undefined when the list is
 * complete (every one of `noOfRows` loaded, or an empty page: sessions removed meanwhile).
 */
export function nextSessionOffset(
  lastPage: Pick<SelectedHistoryResponse, 'list' | 'noOfRows'>,
  lastOffset: number,
): number | undefined {
  const next = lastOffset + lastPage.list.length;
  return lastPage.list.length > 0 && next < lastPage.noOfRows ? next : undefined;
}

/**
 * The loaded pages as one list, each session once: offset paging shifts by one when a member
 * records a session between two page loads, so the next page repeats the last one already shown.
 */
export function joinSessionPages(
  pages: readonly Pick<SelectedHistoryResponse, 'list'>[],
): SelectedHistoryResponse['list'] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.list.filter((session) => {
      if (seen.has(session.sessionId)) return false;
      seen.add(session.sessionId);
      return true;
    }),
  );
}
