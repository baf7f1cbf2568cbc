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
}

/**
 * The submit and close of a form in a dialog: a failed request keeps the dialog open with
 * everything typed; a saved one closes it and starts the next one empty; closing waits for a
 * request in flight.
 */
export function dialogFormHandlers<Values, Body, Result, Failure>({
  form,
  mutation,
  toBody,
  onClose,
  onSaved,
}: DialogFormOptions<Values, Body, Result, Failure>): {
  close: () => void;
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
} {
  const finish = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const close = () => {
    if (!mutation.isPending) finish();
  };
  const handleSubmit = form.onSubmit((values) => {
    mutation.mutate(toBody(values), {
      onSuccess: (result) => {
        onSaved?.(result);
        finish();
      },
    });
  });
  return { close, handleSubmit };
}
