import { Alert, Checkbox, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CardNotAddedError } from '../billing-settings-errors.ts';

export const ADD_CARD_TITLE = 'Add card';

interface MakeDefaultFieldProps {
  /** The organisation has no card yet: this one becomes the default by itself (SPEC §4). */
  firstCard: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 'Make this the default card', or, for the first card, that it will be the default. */
export function MakeDefaultField({ firstCard, checked, onChange }: MakeDefaultFieldProps) {
  if (firstCard) {
    return (
      <Text size="sm" c="dimmed">
        Your first card becomes the default card that invoices are charged to.
      </Text>
    );
  }
  return (
    <Checkbox
      label="Make this the default card"
      description="Invoices are charged to the default card first."
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** Why the last try to add a card failed, as the server or the card provider said it. */
export function CardFailureReason({ error }: { error: unknown }) {
  const reason = error instanceof CardNotAddedError ? error.reason : null;
  if (!reason) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {reason}
    </Alert>
  );
}
