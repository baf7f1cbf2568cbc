import { Alert, Stack } from '@mantine/core';
import { paths } from '../../../config/paths.ts';
import { BackLink } from '../../../components/back-link.tsx';

/** The page was opened without a user of this group (a stale or hand-made link). */
export function UnknownUser() {
  return (
    <Stack gap="md">
      <BackLink up to={paths.group.participants} label="Users" />
      <Alert color="gray" variant="light" title="No user to show">
        Choose a user from the group’s users.
      </Alert>
    </Stack>
  );
}
