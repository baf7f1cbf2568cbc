import { useEffect, useRef } from 'react';
import { Grid, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { HistorySession, HistorySessionType } from '@resonant/contracts/reports';
import { SectionCard } from '../../../components/section-card.tsx';
import type { ChartSettings } from '../chart-settings.ts';
import type { ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { SessionDetail } from './session-detail.tsx';
import { SessionList } from './session-list.tsx';
import { UserDot } from './user-dot.tsx';

type SessionUserPanelProps = {
  type: HistorySessionType;
  user: ReportSelection['users'][number];
  range: ReportRange;
  tagIds: string[];
  settings: ChartSettings;
  /** The session picked in this user's list; null while All is chosen. */
  picked: HistorySession | null;
  onPick: (session: HistorySession | null) => void;
};

/** One applied user's sessions: the list (All, then newest first) and the picked one's detail. */
export function SessionUserPanel({ settings, onPick, ...list }: SessionUserPanelProps) {
  const { user, picked } = list;
  const title = `Sessions of ${user.name}`;
  const theme = useMantineTheme();
  // Below md the detail sits under a list up to 1000 px tall: a pick would change nothing in view.
  const sideBySide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const bringDetail = useRef(false);
  // Only a pick made here moves the reader, not a pick restored when the panel mounts.
  useEffect(() => {
    const heading = detailHeading.current;
    if (!bringDetail.current || !heading) return;
    bringDetail.current = false;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [picked]);
  const pick = (session: HistorySession | null) => {
    bringDetail.current = sideBySide === false && session !== null;
    onPick(session);
  };
  return (
    <SectionCard
      title={title}
      order={3}
      padding="compact"
      marker={<UserDot colour={user.colour} size={12} />}
    >
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 3 }}>
          <SessionList {...list} onPick={pick} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 9 }}>
          {picked ? (
            <SessionDetail
              session={picked}
              user={user}
              settings={settings}
              headingRef={detailHeading}
            />
          ) : (
            <Text c="dimmed" size="sm">
              Choose a session to see its minutes and its optimal zone.
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </SectionCard>
  );
}
