import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Paper, TextInput, Title, type TextInputProps } from '@mantine/core';

interface RenameFormProps {
  /** The card's heading and the field's accessible name ('Group Name'). */
  title: string;
  /** The form's accessible name ('Rename group'). */
  formLabel: string;
  /** The name field's form binding and its own rules (limits, disabled). */
  inputProps: TextInputProps;
  submitDisabled: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Under the field, e.g. a refusal that names no field. */
  children?: ReactNode;
}

/** A card that renames one thing: its name in a field beside Update. */
export function RenameForm({
  title,
  formLabel,
  inputProps,
  submitDisabled,
  pending,
  onSubmit,
  children,
}: RenameFormProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={onSubmit} aria-label={formLabel}>
        <Title order={3} size="h4" mb="sm">
          {title}
        </Title>
        <Group align="flex-start" gap="sm">
          <TextInput aria-label={title} required style={{ flex: '1 1 240px' }} {...inputProps} />
          <Button type="submit" disabled={submitDisabled} loading={pending}>
            Update
          </Button>
        </Group>
        {children}
      </form>
    </Paper>
  );
}
