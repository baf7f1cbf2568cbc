import { lazy } from 'react';
import { useNavigate } from 'react-router';
import type { GroupUsersTrendsSort } from '@resonant/contracts/analytics';
import { TREND_PAGE_SIZES } from '@resonant/contracts/dashboard-tables';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths, userPagePath } from '../../../config/paths.ts';
import { useGroupUsersTrends } from '../api/get-group-users-trends.ts';
import { TrendTableSection, trendPage } from './trend-table-section.tsx';

const UsersTrendRows = lazy(() =>
  import('./users-trend-rows.tsx').then((module) => ({ default: module.UsersTrendRows })),
);

const TITLE = 'Users with their HRV Trend';

/** The group's users with their HRV trend (SPEC §2 /group); a row opens the user's profile. */
export function UsersTrendTable() {
  const paging = useTablePaging<GroupUsersTrendsSort>(TREND_PAGE_SIZES);
  const trends = useGroupUsersTrends(paging.request);
  const navigate = useNavigate();

  return (
    <TrendTableSection
      title={TITLE}
      description="Average RMSSD in ms. Select a user to open their profile."
      what="The user trends"
      trends={trends}
    >
      <UsersTrendRows
        label={TITLE}
        {...trendPage(trends)}
        paging={paging}
        onRowClick={(row) => navigate(userPagePath(paths.group.participantProfile, row.user_id))}
      />
    </TrendTableSection>
  );
}
