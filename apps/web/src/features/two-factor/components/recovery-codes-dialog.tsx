import { useState } from 'react';
import { Button, Checkbox, CopyButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { saveBlob } from '../../../lib/save-file.ts';

interface RecoveryCodesDialogProps {
  /** The codes just issued; null when the dialog is closed. */
  codes: string[] | null;
  onClose: () => void;
}

const FILE_NAME = 'resonant-recovery-codes.txt';

/**
 * The recovery codes, shown this once: copy or download them, and say they are kept before the
 * dialog closes (they cannot be shown again, only replaced).
 */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const fullScreen = useFullScreenDialog();
  const [saved, setSaved] = useState(false);
  const text = (codes ?? []).join('\n');
  const close = () => {
    if (!saved) return;
    setSaved(false);
    onClose();
  };
  return (
    <Modal
      opened={codes !== null}
      onClose={close}
      title="Your recovery codes"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
      closeOnEscape={saved}
      withCloseButton={false}
    >
      <Stack gap="sm">
        <Text size="sm">
          Each code signs you in once if you lose your authenticator app. Keep them somewhere safe:
          they are shown only now.
        </Text>
        <List
          aria-label="Recovery codes"
          listStyleType="none"
          ff="monospace"
          spacing={4}
          data-testid="recovery-codes"
        >
          {(codes ?? []).map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveBlob(FILE_NAME, new Blob([`${text}\n`], { type: 'text/plain' }))}
          >
            Download
          </Button>
        </Group>
        <Checkbox
          label="I have saved these recovery codes"
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={close} disabled={!saved}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
