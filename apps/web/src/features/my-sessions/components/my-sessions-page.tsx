import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { SESSION_TYPES, type SessionType } from '@resonant/contracts/sessions';
import { paths } from '../../../config/paths.ts';
import { SESSION_KIND_PAGES, SESSION_PARAM } from '../session-kinds.ts';
import { MySessionDetail } from './my-session-detail.tsx';
import { MySessionsList } from './my-sessions-list.tsx';

/**
 * A kind's page of the user area (/biofeedback, /mindfulness, /self-compassion): the person's own
 * sessions of that kind, or the one `?session=` names, so a reload or a shared link keeps it.
 */
export function MySessionsPage({ kind }: { kind: SessionType }) {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get(SESSION_PARAM);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {SESSION_KIND_PAGES[kind].title}
      </Title>
      <KindLinks current={kind} />
      {sessionId ? (
        <MySessionDetail key={sessionId} kind={kind} sessionId={sessionId} />
      ) : (
        <MySessionsList kind={kind} />
      )}
    </Stack>
  );
}

const KIND_PATHS: Record<SessionType, string> = {
  biofeedback: paths.user.biofeedback,
  mindfulness: paths.user.mindfulness,
  self_compassion: paths.user.selfCompassion,
};

/** The three kinds' pages side by side: the menu's one entry (Bio/Mindfulness) opens the first. */
function KindLinks({ current }: { current: SessionType }) {
  return (
    <Group component="nav" aria-label="Kinds of session" gap="xs">
      {SESSION_TYPES.map((kind) => (
        <Button
          key={kind}
          component={Link}
          to={KIND_PATHS[kind]}
          size="compact-md"
          variant={kind === current ? 'light' : 'subtle'}
          aria-current={kind === current ? 'page' : undefined}
        >
          {SESSION_KIND_PAGES[kind].title}
        </Button>
      ))}
    </Group>
  );
}
