import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INVITE_FIELD_MAX } from '@resonant/contracts/invitations';
import { IssueClaimBody } from '@resonant/contracts/lifetime-claims';
import { OrgSearchSelect } from '../../../components/org-search-select.tsx';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useIssueClaim } from '../api/issue-claim.ts';
import { dialogFormHandlers } from '../../../components/dialog-form.ts';

interface IssueClaimValues {
  email: string;
  orgId: string | null;
}

const TITLE = 'Issue Claim Link';

interface IssueClaimDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Sends a lifetime membership claim link to an email, optionally for one organization. */
export function IssueClaimDialog({ opened, onClose }: IssueClaimDialogProps) {
  const fullScreen = useFullScreenDialog();
  const issueClaim = useIssueClaim();
  const form = useForm<IssueClaimValues>({
    initialValues: { email: '', orgId: null },
    validate: zodResolver(IssueClaimBody),
    validateInputOnBlur: true,
  });

  const { close, handleSubmit } = dialogFormHandlers({
    form,
    mutation: issueClaim,
    toBody: (values) => IssueClaimBody.parse(values),
    onClose,
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={TITLE}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={handleSubmit} aria-label={TITLE}>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            placeholder="name@example.com"
            description="Only the account with this email can claim the membership."
            required
            maxLength={INVITE_FIELD_MAX}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <OrgSearchSelect
            label="Organization (optional)"
            description="With an organization, the membership is a lifetime seat there."
            clearable
            value={form.getValues().orgId}
            onChange={(orgId) => form.setFieldValue('orgId', orgId)}
            error={form.errors.orgId}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={issueClaim.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={issueClaim.isPending}>
              Send Claim Link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
