import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Your data: the danger zone, deleting the account and everything of it. */
export function DeleteAccountSection() {
  const [opened, setOpened] = useState(false);
  return (
    <SectionCard
      title="Delete account"
      description="Delete your account and every reading, session and setting of it, for good."
      padding="roomy"
      actions={
        <Button color="red" onClick={() => setOpened(true)}>
          Delete my account
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Download your data first if you want to keep it. If you are the last admin of an
        organisation, appoint another admin there first.
      </Text>
      <DeleteAccountDialog opened={opened} onClose={() => setOpened(false)} />
    </SectionCard>
  );
}
