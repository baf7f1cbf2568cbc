import { useForm } from '@mantine/form';
import { INVITE_FIELD_MAX } from '@resonant/contracts/invitations';
import { IssueClaimBody } from '@resonant/contracts/lifetime-claims';
import { OrgSearchSelect } from '../../../components/org-search-select.tsx';
import { EmailInput } from '../../../components/person-fields.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useIssueClaim } from '../api/issue-claim.ts';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

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
  const issueClaim = useIssueClaim();
  const form = useForm<IssueClaimValues>({
    initialValues: { email: '', orgId: null },
    validate: zodResolver(IssueClaimBody),
    validateInputOnBlur: true,
  });

  const dialogProps = formDialogProps({
    form,
    mutation: issueClaim,
    toBody: (values) => IssueClaimBody.parse(values),
    onClose,
  });

  return (
    <FormDialog opened={opened} title={TITLE} submitLabel="Send Claim Link" {...dialogProps}>
      <EmailInput
        description="Only the account with this email can claim the membership."
        maxLength={INVITE_FIELD_MAX}
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
    </FormDialog>
  );
}
