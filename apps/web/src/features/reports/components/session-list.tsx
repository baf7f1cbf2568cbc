import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { HistorySession, HistorySessionType } from '@resonant/contracts/reports';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/hrv-format.ts';
import { formatCount } from '../../../lib/number-format.ts';
import { useSelectedHistory } from '../api/get-selected-history.ts';
import type { ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import {
  joinSessionPages,
  LOAD_MORE_DELAY_MS,
  SESSION_LIST_MAX_HEIGHT,
} from '../session-paging.ts';
import { formatMinutes, formatOzPercent } from '../../../lib/session-format.ts';
import { NO_SESSIONS } from '../session-points.ts';

/** How close to the list's end (px) scrolling starts loading the next sessions. */
const NEAR_END_PX = 120;

type SessionListProps = {
  type: HistorySessionType;
  user: ReportSelection['users'][number];
  range: ReportRange;
  tagIds: string[];
  picked: HistorySession | null;
  onPick: (session: HistorySession | null) => void;
};

/**
 * One user's sessions (GET /api/selected-history), newest first, 20 at a time (SPEC §9): scrolled
 * near its end, the list waits 200 ms and loads the next 20, showing 'Loading...'; it scrolls
 * within 1000 px. 'All' on top, chosen by default, clears the pick.
 */
export function SessionList({ type, user, range, tagIds, picked, onPick }: SessionListProps) {
  const query = useSelectedHistory({ userId: user.id, type, range, tagIds });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const viewport = useRef<HTMLDivElement>(null);
  const [nearEnd, setNearEnd] = useState(false);
  // The end marker, kept by a callback ref: it unmounts while a range has no sessions and a new
  // one mounts when sessions return, so the observer follows the marker rather than the data.
  const [end, setEnd] = useState<HTMLDivElement | null>(null);

  // The end marker in view (or within NEAR_END_PX of it) means the reader reached the end. The
  // effect runs after every ref of the commit is set, the scroll viewport's included.
  useEffect(() => {
    const root = viewport.current;
    if (!end || !root) return;
    const observer = new IntersectionObserver(
      (entries) => setNearEnd(entries.some((entry) => entry.isIntersecting)),
      { root, rootMargin: `0px 0px ${NEAR_END_PX}px 0px` },
    );
    observer.observe(end);
    return () => {
      observer.disconnect();
      // No marker, no reader at the end: this also clears a pending 200 ms load.
      setNearEnd(false);
    };
  }, [end]);

  // A failed page waits for Try again rather than being asked for again and again.
  const wantsMore = nearEnd && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (!wantsMore || isFetchingNextPage) return;
    const timer = setTimeout(() => void fetchNextPage(), LOAD_MORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wantsMore, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <LoadingLine />;
  if (query.isError && data === undefined) {
    return (
      <LoadError
        what={`The sessions of ${user.name}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const sessions = data ? joinSessionPages(data.pages) : [];
  const total = data?.pages.at(-1)?.noOfRows ?? 0;
  if (sessions.length === 0) return <Text c="dimmed">{NO_SESSIONS}</Text>;

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatCount(sessions.length)} of {formatCount(total)} sessions shown, newest first
      </Text>
      <ScrollArea.Autosize
        mah={SESSION_LIST_MAX_HEIGHT}
        viewportRef={viewport}
        type="auto"
        offsetScrollbars
      >
        <Stack
          component="ul"
          gap={6}
          aria-label={`Sessions of ${user.name}`}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          <li>
            <ItemButton pressed={picked === null} onClick={() => onPick(null)}>
              <Text fw={600} size="sm">
                All
              </Text>
            </ItemButton>
          </li>
          {sessions.map((session) => {
            const pressed = picked?.sessionId === session.sessionId;
            return (
              <li key={session.sessionId}>
                <ItemButton pressed={pressed} onClick={() => onPick(session)}>
                  <SessionSummary session={session} pressed={pressed} />
                </ItemButton>
              </li>
            );
          })}
        </Stack>
        <div ref={setEnd} />
        {wantsMore && <LoadingLine />}
        {isFetchNextPageError && (
          <Button variant="subtle" size="xs" mt={6} onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** SPEC §9's Loading indicator. */
function LoadingLine() {
  return (
    <Group gap={8} py={8} role="status" aria-live="polite">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        Loading...
      </Text>
    </Group>
  );
}

function ItemButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      aria-pressed={pressed}
      onClick={onClick}
      w="100%"
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${pressed ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
        background: pressed ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      {children}
    </UnstyledButton>
  );
}

/** A list item: its name, when it was, then its length, OZ % and tags. */
function SessionSummary({ session, pressed }: { session: HistorySession; pressed: boolean }) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm" lineClamp={2}>
        {session.sessionName}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(session.dateTime)}
      </Text>
      <Group gap={6} mt={2}>
        <Text size="xs" c="dimmed">
          {formatMinutes(session.sessionMinutes)}
        </Text>
        {/* On the picked item's tint a light badge's own tint would darken its text's background
            below 4.5:1; a white one keeps the colours. */}
        <Badge variant={pressed ? 'white' : 'light'} size="sm">
          OZ {formatOzPercent(session.ozSesAvgPercentage)}
        </Badge>
        {session.tags.map((tag) => (
          <Badge key={tag.id} variant="outline" size="sm" color="gray">
            {tag.tag_name}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
