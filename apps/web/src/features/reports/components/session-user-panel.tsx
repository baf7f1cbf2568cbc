import { Box, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { HistorySession, HistorySessionType } from '@resonant/contracts/reports';
import type { ChartSettings } from '../chart-settings.ts';
import type { ReportRange } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { SessionDetail } from './session-detail.tsx';
import { SessionList } from './session-list.tsx';

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
export function SessionUserPanel({
  type,
  user,
  range,
  tagIds,
  settings,
  picked,
  onPick,
}: SessionUserPanelProps) {
  const title = `Sessions of ${user.name}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="sm">
        <Group gap={8} wrap="nowrap">
          <Box
            aria-hidden
            w={12}
            h={12}
            style={{ borderRadius: '50%', background: user.colour, flexShrink: 0 }}
          />
          <Title order={3} size="h4">
            {title}
          </Title>
        </Group>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 3 }}>
            <SessionList
              type={type}
              user={user}
              range={range}
              tagIds={tagIds}
              picked={picked}
              onPick={onPick}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 9 }}>
            {picked ? (
              <SessionDetail session={picked} user={user} settings={settings} />
            ) : (
              <Text c="dimmed" size="sm">
                Choose a session to see its minutes and its optimal zone.
              </Text>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
