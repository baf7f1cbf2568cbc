import { useEffect } from 'react';
import { Center, Code, CopyButton, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TotpCodeBody } from '@resonant/contracts/two-factor';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from '../api/two-factor-changes.ts';
import { CodeField } from './code-field.tsx';

interface EnrolDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Turned on: the recovery codes to show once. */
  onEnrolled: (codes: string[]) => void;
}

/** The QR code of an otpauth URI, as an image (the SVG the API drew). */
function qrSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Setting up an authenticator app: a new key as a QR code and as text, then a current code from
 * the app turns two-factor authentication on.
 */
export function EnrolDialog({ opened, onClose, onEnrolled }: EnrolDialogProps) {
  const setup = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const form = useForm<TotpCodeBody>({
    initialValues: { code: '' },
    validate: zodResolver(TotpCodeBody),
  });
  const { mutate: start, reset } = setup;
  useEffect(() => {
    if (opened) start();
    else reset();
  }, [opened, start, reset]);

  const close = () => {
    form.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    confirm.mutate(TotpCodeBody.parse(values), {
      onSuccess: ({ recoveryCodes }) => {
        form.reset();
        onEnrolled(recoveryCodes);
      },
      onError: () => form.setFieldValue('code', ''),
    });
  });

  return (
    <FormDialog
      opened={opened}
      title="Set up two-factor authentication"
      dirty={form.isDirty()}
      busy={confirm.isPending}
      onClose={close}
      onSubmit={handleSubmit}
      submitLabel="Turn on"
      submitDisabled={!setup.data}
    >
      {setup.data ? (
        <Stack gap="sm">
          <Text size="sm">
            Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft
            Authenticator or 1Password), then enter the 6-digit code it shows.
          </Text>
          <Center>
            <Image
              src={qrSource(setup.data.qrCodeSvg)}
              alt="QR code to add Resonant to your authenticator app"
              w={200}
              h={200}
            />
          </Center>
          <Text size="sm" id="manual-key-label">
            Cannot scan it? Enter this key in the app instead:
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code
              aria-labelledby="manual-key-label"
              data-testid="manual-key"
              style={{ overflowWrap: 'anywhere' }}
            >
              {setup.data.secret}
            </Code>
            <CopyButton value={setup.data.secret}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-sm" onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <CodeField {...form.getInputProps('code')} />
        </Stack>
      ) : (
        <Center py="xl" role="status" aria-live="polite">
          <Loader size="sm" aria-label="Making a new key" />
        </Center>
      )}
    </FormDialog>
  );
}
