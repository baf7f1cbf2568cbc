import { ActionIcon, Group, Paper, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatCardExpiry, type PaymentMethod } from '@resonant/contracts/billing';
import { cardBrandName, cardName, isCardExpired } from '../payment-method-display.ts';
import { CardBrand } from './card-brand.tsx';

interface PaymentMethodRowProps {
  method: PaymentMethod;
  isDefault: boolean;
  /** A change to the cards is under way: the toggle and Remove wait for it. */
  busy: boolean;
  onDefaultChange: (makeDefault: boolean) => void;
  onRemove: () => void;
}

/**
 * One saved card: brand, last 4, expiry (SPEC §9), the default toggle (its label the default
 * mark) and Remove. While a change is under way they say so (aria-disabled) and ignore presses,
 * but stay focusable: disabling them would drop the keyboard's focus from the one just used.
 */
export function PaymentMethodRow({
  method,
  isDefault,
  busy,
  onDefaultChange,
  onRemove,
}: PaymentMethodRowProps) {
  const { card } = method;
  const name = cardName(card);
  const expiry = formatCardExpiry(card.exp_month, card.exp_year);
  const expired = isCardExpired(card, new Date());
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <CardBrand brand={card.brand} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>
              {cardBrandName(card.brand)}{' '}
              <span style={{ whiteSpace: 'nowrap' }}>•••• {card.last4}</span>
            </Text>
            <Text size="sm" c={expired ? 'red' : 'dimmed'}>
              {expired ? `Expired ${expiry}` : `Expires ${expiry}`}
            </Text>
          </div>
        </Group>
        <Group gap="md" wrap="nowrap" ml="auto">
          <Switch
            label="Default"
            aria-label={`Default: ${name}`}
            checked={isDefault}
            aria-disabled={busy || undefined}
            onChange={(event) => {
              if (!busy) onDefaultChange(event.currentTarget.checked);
            }}
          />
          <Tooltip label="Remove card" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onRemove();
              }}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
