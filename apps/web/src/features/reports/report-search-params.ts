import { REPORTS_MAX_USERS, REPORT_TAGS_MAX, REPORT_TAB_LABELS } from '@resonant/contracts/reports';

/** A tab of the reports page, as the URL names it (`tab=`). */
export type ReportTab = keyof typeof REPORT_TAB_LABELS;

const TABS = Object.keys(REPORT_TAB_LABELS) as ReportTab[];

/** What the URL keeps of the reports page, so a reload shows the same report. */
type ReportSearch = { userIds: string[]; tagIds: string[]; tab: ReportTab };

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idList(value: string | null, max: number): string[] {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ID.test(id));
  return [...new Set(ids)].slice(0, max);
}

/**
 * The reports page's state from its URL (`?users=a,b&tags=c&tab=exercise`): ids that are not ids
 * are dropped, duplicates and users past 5 too; an unknown tab is the first one.
 */
export function parseReportSearch(params: URLSearchParams): ReportSearch {
  const tab = params.get('tab');
  return {
    userIds: idList(params.get('users'), REPORTS_MAX_USERS),
    tagIds: idList(params.get('tags'), REPORT_TAGS_MAX),
    tab: TABS.includes(tab as ReportTab) ? (tab as ReportTab) : 'readings',
  };
}

/** The URL's query for a state: empty lists and the first tab are left out. */
export function reportSearchParams(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.userIds.length > 0) params.set('users', search.userIds.join(','));
  if (search.tagIds.length > 0) params.set('tags', search.tagIds.join(','));
  if (search.tab !== 'readings') params.set('tab', search.tab);
  return params;
}
