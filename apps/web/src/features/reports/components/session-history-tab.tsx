import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { HistorySession, HistorySessionType } from '@resonant/contracts/reports';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { rangeInstants } from '../report-range.ts';
import type { ReportSelection } from '../report-selection.ts';
import { useReportView } from '../report-view.ts';
import { ReportToolbar } from './report-toolbar.tsx';
import { SessionOverview } from './session-overview.tsx';
import { SessionUserPanel } from './session-user-panel.tsx';

/** The session picked in each member's list; the key says which users, tags and range it is for. */
type PickedSessions = { key: string; byUser: Readonly<Record<string, HistorySession>> };

/**
 * The BioFeedback History / Mindfullness History tab (SPEC §2, §4): the toolbar, the history
 * charts of the applied users' sessions with their figures, then each user's session list; a
 * session picked in a list shows its detail beside it (one per user). New users, tags or a new
 * range clear every pick; choosing All in a list clears that user's.
 */
export function SessionHistoryTab({
  type,
  selection,
}: {
  type: HistorySessionType;
  selection: ReportSelection;
}) {
  const view = useReportView();
  const { range, settings } = view;
  const [picked, setPicked] = useState<PickedSessions | null>(null);

  // Derived rather than reset in an effect: a pick never outlives the lists it was made in.
  const pickKey = JSON.stringify([selection.users.map((user) => user.id), selection.tagIds, range]);
  const byUser = picked?.key === pickKey ? picked.byUser : {};
  const pick = (userId: string, session: HistorySession | null) => {
    const others = Object.fromEntries(Object.entries(byUser).filter(([id]) => id !== userId));
    setPicked({ key: pickKey, byUser: session ? { ...others, [userId]: session } : others });
  };

  const download = (members: 'picked' | 'all') => {
    const query = new URLSearchParams({ members, type, ...rangeInstants(range) });
    if (members === 'picked')
      query.set('user_ids', selection.users.map((user) => user.id).join(','));
    if (selection.tagIds.length > 0) query.set('tag_ids', selection.tagIds.join(','));
    return downloadCsv('/reports/sessions.csv', query);
  };

  return (
    <Stack gap="lg">
      <ReportToolbar kind="sessions" view={view} onDownload={download} />
      <SessionOverview type={type} selection={selection} range={range} settings={settings} />
      {selection.users.map((user) => (
        <SessionUserPanel
          key={user.id}
          type={type}
          user={user}
          range={range}
          tagIds={selection.tagIds}
          settings={settings}
          picked={byUser[user.id] ?? null}
          onPick={(session) => pick(user.id, session)}
        />
      ))}
    </Stack>
  );
}
