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
