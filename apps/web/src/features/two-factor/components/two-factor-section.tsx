import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TwoFactorStatus } from '@resonant/contracts/two-factor';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { DisableDialog } from './disable-dialog.tsx';
import { EnrolDialog } from './enrol-dialog.tsx';
import { NewCodesDialog } from './new-codes-dialog.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';

type OpenDialog = 'enrol' | 'new-codes' | 'disable' | null;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Settings: the account's second factor (an authenticator app), with its recovery codes. */
export function TwoFactorSection() {
  const status = useTwoFactor();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const showCodes = (issued: string[]) => {
    setDialog(null);
    setCodes(issued);
  };
  return (
    <SectionCard
      title="Two-factor authentication"
      padding="roomy"
      titleAside={
        status.data && (
          <Badge variant="light" color={status.data.enabled ? 'teal' : 'gray'}>
            {status.data.enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      <QueryContent query={status} what="Two-factor authentication" loading={<Skeleton h={60} />}>
        {(data) => <StatusBody status={data} onOpen={setDialog} />}
      </QueryContent>
      <EnrolDialog
        opened={dialog === 'enrol'}
        onClose={() => setDialog(null)}
        onEnrolled={showCodes}
      />
      <NewCodesDialog
        opened={dialog === 'new-codes'}
        onClose={() => setDialog(null)}
        onIssued={showCodes}
      />
      <DisableDialog opened={dialog === 'disable'} onClose={() => setDialog(null)} />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </SectionCard>
  );
}

function StatusBody({
  status,
  onOpen,
}: {
  status: TwoFactorStatus;
  onOpen: (dialog: OpenDialog) => void;
}) {
  if (!status.enabled) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Add a second step to your sign-in: a code from an authenticator app on your phone.
        </Text>
        <Button onClick={() => onOpen('enrol')}>Set up two-factor authentication</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        {status.enabledAt && `On since ${dateFormat.format(new Date(status.enabledAt))}. `}
        Sign-ins ask for a code from your authenticator app. Recovery codes left:{' '}
        {status.recoveryCodesLeft}.
      </Text>
      {!status.canDisable && (
        <Text size="sm" c="dimmed">
          As the app admin, you keep two-factor authentication on.
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => onOpen('new-codes')}>
          New recovery codes
        </Button>
        {status.canDisable && (
          <Button variant="default" onClick={() => onOpen('disable')}>
            Turn off
          </Button>
        )}
      </Group>
    </Stack>
  );
}
