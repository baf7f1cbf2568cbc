import { Group, Skeleton, Text, Title } from '@mantine/core';
import { useParticipants } from '../api/get-participants.ts';

type ParticipantHeadingProps = { userId: string; suffix?: string };

/** The user's name and email, from the group's users list (usually cached already). */
export function ParticipantHeading({ userId, suffix }: ParticipantHeadingProps) {
  const participants = useParticipants();
  const participant = participants.data?.list.find((row) => row.user_id === userId);
  if (participants.isPending) return <Skeleton height={28} width={240} />;
  if (!participant) return null;
  return (
    <div>
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3">
          {participant.first_name} {participant.last_name}
          {suffix ? ` — ${suffix}` : ''}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {participant.email}
        {participant.is_group_admin ? ' · Group Admin' : ''}
      </Text>
    </div>
  );
}
