import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { SessionType } from '@resonant/contracts/sessions';
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
      {sessionId ? (
        <MySessionDetail key={sessionId} kind={kind} sessionId={sessionId} />
      ) : (
        <MySessionsList kind={kind} />
      )}
    </Stack>
  );
}
