import { Alert, Stack } from '@mantine/core';
import { BackLink } from './back-link.tsx';
import { PARTICIPANTS_TAB_PATH } from './participant-links.ts';

/** The page was opened without a user of this group (a stale or hand-made link). */
export function UnknownUser() {
  return (
    <Stack gap="md">
      <BackLink to={PARTICIPANTS_TAB_PATH} label="Participants" />
      <Alert color="gray" variant="light" title="No user to show">
        Choose a user from the group’s participants.
      </Alert>
    </Stack>
  );
}
