import { useMemo } from 'react';
import { MultiSelect, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MySession } from '@resonant/contracts/my-sessions';
import { NOTE_MAX } from '@resonant/contracts/readings';
import { formDialogProps } from '../../../components/dialog-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showSuccess } from '../../../lib/notify.tsx';
import { useTags } from '../../../lib/offered-tags.ts';
import { useUpdateMySession } from '../api/update-my-session.ts';

type EditValues = { tags: string[]; note: string };

type EditSessionDialogProps = { session: MySession; opened: boolean; onClose: () => void };

/**
 * Tags and note of one of the person's sessions. The tags offered are their organisation's
 * (GET /api/tags, when they work in one) and those the session already carries.
 */
export function EditSessionDialog({ session, opened, onClose }: EditSessionDialogProps) {
  const update = useUpdateMySession();
  const offered = useTags();
  const options = useMemo(() => {
    const byId = new Map(session.tags.map((tag) => [tag.id, tag.tag_name]));
    for (const tag of offered.data?.list ?? []) byId.set(tag.id, tag.tag_name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [session.tags, offered.data]);
  const form = useForm<EditValues>({
    initialValues: { tags: session.tags.map((tag) => tag.id), note: session.note ?? '' },
    validate: {
      note: (note) =>
        note.trim().length > NOTE_MAX ? `Must be at most ${NOTE_MAX} characters` : null,
    },
  });
  const dialogProps = formDialogProps({
    form,
    mutation: update,
    toBody: (values) => ({
      sessionId: session.sessionId,
      body: { tags: values.tags, note: values.note.trim() === '' ? null : values.note.trim() },
    }),
    onClose,
    onSaved: () => showSuccess('Session saved'),
  });
  return (
    <FormDialog opened={opened} title="Edit session" submitLabel="Save" {...dialogProps}>
      <MultiSelect
        label="Tags"
        placeholder="Pick tags"
        data={options}
        searchable
        clearable
        nothingFoundMessage="No such tag"
        data-autofocus
        {...form.getInputProps('tags')}
      />
      <Textarea
        label="Note"
        autosize
        minRows={3}
        maxLength={NOTE_MAX}
        {...form.getInputProps('note')}
      />
    </FormDialog>
  );
}
