import { useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useMemberReadings } from '../api/get-member-readings.ts';
import { BackLink } from './back-link.tsx';
import { ParticipantHeading } from './participant-heading.tsx';
import { READING_COLUMNS } from './reading-columns.tsx';
import { UnknownUser } from './unknown-user.tsx';
import { userPagePath, useUserIdParam } from './participant-links.ts';

const PAGE_SIZES = [10, 20, 50, 100] as const;
const TITLE = 'All readings';

/** /group/participants/readings?userId: every reading of one user, newest first, in pages. */
export function ParticipantReadingsPage() {
  const userId = useUserIdParam();
  if (!userId) return <UnknownUser />;
  return <ParticipantReadings key={userId} userId={userId} />;
}

function ParticipantReadings({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const readings = useMemberReadings({ userId, limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink to={userPagePath(paths.group.participantProfile, userId)} label="Profile" />
        <ParticipantHeading userId={userId} />
      </Stack>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-label={TITLE}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {TITLE}
          </Title>
          <DataTable
            label={TITLE}
            columns={READING_COLUMNS}
            rows={readings.isError ? [] : readings.data?.list}
            rowKey={(row) => row.id}
            loading={readings.isPending && !readings.isError}
            emptyText={readings.isError ? 'The readings could not be loaded.' : 'No Readings'}
            paging={{
              page,
              pageSize,
              total: readings.data?.noOfRows ?? 0,
              pageSizes: PAGE_SIZES,
              onPageChange: setPage,
              onPageSizeChange: (size) => {
                setPageSize(size);
                setPage(1);
              },
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
