import { useState, type FormEvent } from 'react';
import { Alert, List, PasswordInput, Text, TextInput } from '@mantine/core';
import {
  DELETE_CONFIRMATION,
  DELETED_WITH_THE_ACCOUNT,
  FRESH_SIGN_IN_MINUTES,
  WRONG_PASSWORD_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
} from '@resonant/contracts/account-deletion';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
}

const PASSWORD_MESSAGES: readonly string[] = [WRONG_PASSWORD_MESSAGE, PASSWORD_REQUIRED_MESSAGE];

/**
 * What goes, the password, and DELETE typed out; a refusal (the last admin of an organisation, a
 * sign-in too old) is shown in the dialog in the API's words.
 */
export function DeleteAccountDialog({ opened, onClose }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const close = () => {
    setPassword('');
    setTyped('');
    remove.reset();
    onClose();
  };
  const refusal = remove.error instanceof ApiError ? remove.error.message : null;
  const passwordError = refusal && PASSWORD_MESSAGES.includes(refusal) ? refusal : null;
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (typed !== DELETE_CONFIRMATION) return;
    remove.mutate({ password: password || undefined, confirmation: typed });
  };
  return (
    <FormDialog
      opened={opened}
      title="Delete your account?"
      dirty={password !== '' || typed !== ''}
      busy={remove.isPending}
      onClose={close}
      onSubmit={submit}
      submitLabel="Delete my account"
      submitDisabled={typed !== DELETE_CONFIRMATION}
      destructive
    >
      <Text size="sm">This cannot be undone. Deleted at once, for good:</Text>
      <List size="sm" spacing={4}>
        {DELETED_WITH_THE_ACCOUNT.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        Your organisations see you as removed. Their audit trail keeps what happened, under an
        anonymous name instead of yours.
      </Text>
      {refusal && !passwordError && (
        <Alert color="red" title="Your account was not deleted">
          {refusal}
        </Alert>
      )}
      <PasswordInput
        label="Your password"
        description={`If you sign in only with a provider such as Google, leave it empty: you must have signed in within the last ${FRESH_SIGN_IN_MINUTES} minutes.`}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <TextInput
        label={`Type ${DELETE_CONFIRMATION} to confirm`}
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
