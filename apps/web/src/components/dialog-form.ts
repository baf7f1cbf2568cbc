import type { FormEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';

interface DialogFormOptions<Values, Body, Result, Failure> {
  form: UseFormReturnType<Values>;
  mutation: UseMutationResult<Result, Failure, Body>;
  /** The request body of the validated values (the schema's parse). */
  toBody: (values: Values) => Body;
  onClose: () => void;
  /** Runs before the dialog closes after a save, e.g. to show the server's message. */
  onSaved?: (result: Result) => void;
  /** Runs when the request is refused, e.g. to show the reason under the field it concerns. */
  onFailed?: (error: Failure) => void;
}

/**
 * The FormDialog props of a Mantine form saved by a mutation: a failed request keeps the dialog
 * open with everything typed; a saved one closes it and starts the next one empty; closing with
 * unsaved input asks first and waits for a request in flight (FormDialog).
 */
export function formDialogProps<Values, Body, Result, Failure>({
  form,
  mutation,
  toBody,
  onClose,
  onSaved,
  onFailed,
}: DialogFormOptions<Values, Body, Result, Failure>): {
  dirty: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
} {
  const finish = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const onSubmit = form.onSubmit((values) => {
    mutation.mutate(toBody(values), {
      onSuccess: (result) => {
        onSaved?.(result);
        finish();
      },
      onError: onFailed,
    });
  });
  return { dirty: form.isDirty(), busy: mutation.isPending, onClose: finish, onSubmit };
}
