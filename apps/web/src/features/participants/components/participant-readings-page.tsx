import { Stack } from '@mantine/core';
import { DataTable } from '../../../components/data-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useTablePaging } from '../../../components/use-table-paging.ts';
import { paths, userPagePath } from '../../../config/paths.ts';
import { useMemberReadings } from '../../../lib/member-readings.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { ParticipantHeading } from './participant-heading.tsx';
import { READING_COLUMNS } from './reading-columns.tsx';
import { UnknownUser } from './unknown-user.tsx';
import {
  PARTICIPANT_DEFAULT_PAGE_SIZE,
  PARTICIPANT_PAGE_SIZES,
  useUserIdParam,
} from './participant-links.ts';

const TITLE = 'All readings';

/** /group/participants/readings?userId: every reading of one user, newest first, in pages. */
export function ParticipantReadingsPage() {
  const userId = useUserIdParam();
  if (!userId) return <UnknownUser />;
  return <ParticipantReadings key={userId} userId={userId} />;
}

function ParticipantReadings({ userId }: { userId: string }) {
  const paging = useTablePaging(PARTICIPANT_PAGE_SIZES, PARTICIPANT_DEFAULT_PAGE_SIZE);
  const readings = useMemberReadings({ user_id: userId, ...paging.request });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink up to={userPagePath(paths.group.participantProfile, userId)} label="Profile" />
        <ParticipantHeading userId={userId} />
      </Stack>
      <SectionCard title={TITLE}>
        <DataTable
          label={TITLE}
          columns={READING_COLUMNS}
          rows={readings.isError ? [] : readings.data?.list}
          rowKey={(row) => row.id}
          loading={readings.isPending && !readings.isError}
          emptyText={readings.isError ? 'The readings could not be loaded.' : 'No Readings'}
          paging={paging.tableProps(readings.data?.noOfRows ?? 0)}
        />
      </SectionCard>
    </Stack>
  );
}
