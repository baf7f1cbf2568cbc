import { Button, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { MetricCards } from '../../../components/metric-cards.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths, userPagePath } from '../../../config/paths.ts';
import { useMemberReadings } from '../../../lib/member-readings.ts';
import { useParticipantAverages } from '../api/get-participant-averages.ts';
import { BackLink } from '../../../components/back-link.tsx';
import { ParticipantHeading } from './participant-heading.tsx';
import { READING_COLUMNS } from './reading-columns.tsx';
import { UnknownUser } from './unknown-user.tsx';
import { useUserIdParam } from './participant-links.ts';

/** SPEC §9: the profile fetches 6 readings, shows 5, and offers View All when there are more. */
const FETCHED = 6;
const SHOWN = 5;
const LATEST_TITLE = 'Latest readings';

/** /group/participants/profile?userId: one user's average HRV cards and latest readings. */
export function ParticipantProfilePage() {
  const userId = useUserIdParam();
  if (!userId) return <UnknownUser />;
  return <ParticipantProfile key={userId} userId={userId} />;
}

function ParticipantProfile({ userId }: { userId: string }) {
  const averages = useParticipantAverages(userId);
  const readings = useMemberReadings({ user_id: userId, limit: FETCHED });
  const list = readings.data?.list;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink up to={paths.group.participants} label="Users" />
        <ParticipantHeading userId={userId} />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="average-hrv">
        <Title order={2} size="h4" id="average-hrv">
          Average HRV
        </Title>
        {averages.isError ? (
          <Text c="dimmed" size="sm">
            The averages could not be loaded.
          </Text>
        ) : (
          <MetricCards
            metrics={averages.data?.avg}
            loading={averages.isPending}
            cols={{ base: 2, sm: 3, xl: 6 }}
          />
        )}
      </Stack>

      <SectionCard
        title={LATEST_TITLE}
        actions={
          list &&
          list.length > SHOWN && (
            <Button
              component={Link}
              to={userPagePath(paths.group.participantReadings, userId)}
              variant="light"
              size="xs"
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              View All
            </Button>
          )
        }
      >
        <DataTable
          label={LATEST_TITLE}
          columns={READING_COLUMNS}
          rows={readings.isError ? [] : list?.slice(0, SHOWN)}
          rowKey={(row) => row.id}
          loading={readings.isPending && !readings.isError}
          emptyText={readings.isError ? 'The readings could not be loaded.' : 'No Readings'}
        />
      </SectionCard>
    </Stack>
  );
}
