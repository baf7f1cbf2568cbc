import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { paths } from '../../../config/paths.ts';

const INVITE_NOTE = 'Note: Please SignIn or SignUp To Join This Invitation';
const LIFETIME_NOTE = 'Note: Please SignIn or SignUp To Claim The Lifetime Membership';

/** The note for a visitor who arrived from an invitation or claim link (SPEC §2), if any. */
export function inviteNoteFor(redirectTo: string | null): string | null {
  if (!redirectTo) return null;
  if (redirectTo.startsWith(paths.processLifetimeInvite)) return LIFETIME_NOTE;
  if (redirectTo.startsWith(paths.processInvite)) return INVITE_NOTE;
  return null;
}

interface InviteNoteProps {
  redirectTo: string | null;
}

export function InviteNote({ redirectTo }: InviteNoteProps) {
  const note = inviteNoteFor(redirectTo);
  if (!note) return null;
  return (
    <Alert
      variant="light"
      color="indigo"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      w="100%"
      maw={960}
    >
      {note}
    </Alert>
  );
}
