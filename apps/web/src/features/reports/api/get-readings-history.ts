import { useQueries } from '@tanstack/react-query';
import { MEMBER_READINGS_MAX_LIMIT } from '@resonant/contracts/reports';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { memberReadingsQueryOptions } from '../../../lib/member-readings.ts';
import type { ChartSettings } from '../chart-settings.ts';
import { combineMemberAnswers } from '../member-answers.ts';
import { rangeInstants, type ReportRange } from '../report-range.ts';

/** The readings of several members over a range, with the tab's reading time, grouping and tags. */
export type ReadingsHistoryRequest = {
  userIds: string[];
  range: ReportRange;
  settings: Pick<ChartSettings, 'readingTakenTime' | 'groupBy'>;
  tagIds: string[];
};

/**
 * Each member's readings for the Daily Readings History charts (GET /api/user/rmssd, one call per
 * member, the latest MEMBER_READINGS_MAX_LIMIT): answers and errors in `userIds` order.
 */
export function useReadingsHistory({ userIds, range, settings, tagIds }: ReadingsHistoryRequest) {
  const context = useCurrentContext();
  const { from, to } = rangeInstants(range);
  return useQueries({
    queries: userIds.map((userId) => ({
      ...memberReadingsQueryOptions(
        {
          user_id: userId,
          from,
          to,
          reading_taken_time: settings.readingTakenTime,
          chart_data_group_by: settings.groupBy,
          tag_ids: tagIds,
          limit: MEMBER_READINGS_MAX_LIMIT,
        },
        context,
      ),
      enabled: context !== null,
    })),
    combine: combineMemberAnswers,
  });
}
