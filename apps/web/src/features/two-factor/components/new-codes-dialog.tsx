import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TotpCodeBody } from '@resonant/contracts/two-factor';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useRegenerateRecoveryCodes } from '../api/two-factor-changes.ts';
import { CodeField } from './code-field.tsx';

interface NewCodesDialogProps {
  opened: boolean;
  onClose: () => void;
  onIssued: (codes: string[]) => void;
}

/** New recovery codes, for a current code: every earlier one stops working. */
export function NewCodesDialog({ opened, onClose, onIssued }: NewCodesDialogProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<TotpCodeBody>({
    initialValues: { code: '' },
    validate: zodResolver(TotpCodeBody),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    regenerate.mutate(TotpCodeBody.parse(values), {
      onSuccess: ({ recoveryCodes }) => {
        form.reset();
        onIssued(recoveryCodes);
      },
    });
  });
  return (
    <FormDialog
      opened={opened}
      title="New recovery codes"
      dirty={form.isDirty()}
      busy={regenerate.isPending}
      onClose={close}
      onSubmit={handleSubmit}
      submitLabel="Make new codes"
    >
      <Text size="sm">Your current recovery codes stop working once the new ones are made.</Text>
      <CodeField {...form.getInputProps('code')} />
    </FormDialog>
  );
}
