import { queryOptions, useQueries } from '@tanstack/react-query';
import type { HistorySessionType, SessionsAllTimeResponse } from '@resonant/contracts/reports';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';
import { combineMemberAnswers } from '../member-answers.ts';
import { rangeInstants, type ReportRange } from '../report-range.ts';

/** The sessions of a type of several members over a range, narrowed by tags. */
export type SessionsAllTimeRequest = {
  userIds: string[];
  type: HistorySessionType;
  range: ReportRange;
  tagIds: string[];
};

type MemberRequest = Omit<SessionsAllTimeRequest, 'userIds'> & { userId: string };

function getSessionsAllTime(request: MemberRequest): Promise<SessionsAllTimeResponse> {
  const query = new URLSearchParams({
    userId: request.userId,
    sessionType: request.type,
    ...rangeInstants(request.range),
  });
  if (request.tagIds.length > 0) query.set('tag_ids', request.tagIds.join(','));
  return apiClient.get<SessionsAllTimeResponse>(
    `/hrv_analytics/biofeedback/all-time?${query.toString()}`,
  );
}

function sessionsAllTimeQueryOptions(request: MemberRequest, context: CurrentContext | null) {
  return queryOptions({
    queryKey: tenantKey(context, 'hrv_analytics', 'biofeedback', 'all-time', request),
    queryFn: () => getSessionsAllTime(request),
  });
}

/**
 * Each member's sessions and figures for the tab's charts
 * (GET /api/hrv_analytics/biofeedback/all-time): one call per member, answers in `userIds` order.
 */
export function useSessionsAllTime({ userIds, ...rest }: SessionsAllTimeRequest) {
  const context = useCurrentContext();
  return useQueries({
    queries: userIds.map((userId) => ({
      ...sessionsAllTimeQueryOptions({ ...rest, userId }, context),
      enabled: context !== null,
    })),
    combine: combineMemberAnswers,
  });
}
