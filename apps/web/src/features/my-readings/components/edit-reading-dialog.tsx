import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NOTE_MAX } from '@resonant/contracts/readings';
import { UpdateMyReadingBody, type MyReading } from '@resonant/contracts/my-readings';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SearchMultiSelect } from '../../../components/search-multi-select.tsx';
import { showRequestError } from '../../../lib/notify.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useUpdateMyReading } from '../api/update-my-reading.ts';

interface EditReadingValues {
  tags: string[];
  note: string;
}

interface EditReadingDialogProps {
  reading: MyReading;
  opened: boolean;
  onClose: () => void;
}

/** Edits a reading's tags (those offered to its organisation) and note. */
export function EditReadingDialog({ reading, opened, onClose }: EditReadingDialogProps) {
  const update = useUpdateMyReading(reading.id);
  const form = useForm<EditReadingValues>({
    initialValues: { tags: reading.tags.map((tag) => tag.id), note: reading.note ?? '' },
    validate: zodResolver(UpdateMyReadingBody),
    validateInputOnBlur: true,
  });
  const dialogProps = formDialogProps({
    form,
    mutation: update,
    toBody: (values) => ({ tags: values.tags, note: values.note.trim() || null }),
    onClose,
    onFailed: showRequestError,
  });
  return (
    <FormDialog opened={opened} title="Edit reading" submitLabel="Save" {...dialogProps}>
      <SearchMultiSelect
        label="Tags"
        description="The tags your organisation offers."
        placeholder="Pick tags"
        data={reading.offeredTags.map((tag) => ({ value: tag.id, label: tag.tag_name }))}
        data-autofocus
        {...form.getInputProps('tags')}
      />
      <Textarea
        label="Note"
        autosize
        minRows={3}
        maxLength={NOTE_MAX}
        description={`At most ${NOTE_MAX} characters.`}
        {...form.getInputProps('note')}
      />
    </FormDialog>
  );
}
