import { Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { CreatedApiTokenResponse } from '@resonant/contracts/api-tokens';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';

interface NewApiTokenDialogProps {
  created: CreatedApiTokenResponse | null;
  onClose: () => void;
}

/** The secret of a token just made, this once, with a copy button. */
export function NewApiTokenDialog({ created, onClose }: NewApiTokenDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Copy your new token"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Shown only once">
            This token will not be shown again. Copy it now and keep it where your script or
            spreadsheet can read it; if you lose it, revoke it and make a new one.
          </Alert>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            {/* A textarea, so the whole secret shows, wrapped on a phone, and can be selected. */}
            <Textarea
              label={`Token “${created.token.name}”`}
              value={created.secret}
              readOnly
              autosize
              minRows={1}
              flex={1}
              styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Send it as <code>Authorization: Bearer &lt;token&gt;</code> to the /api/v1 routes its
            scopes allow.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
