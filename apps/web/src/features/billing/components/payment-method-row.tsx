import { ActionIcon, Badge, Group, Paper, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatCardExpiry, type PaymentMethod } from '@resonant/contracts/billing';
import { cardBrandName, cardName, isCardExpired } from '../payment-method-display.ts';
import { CardBrand } from './card-brand.tsx';

interface PaymentMethodRowProps {
  method: PaymentMethod;
  isDefault: boolean;
  /** A change to the cards is under way: the toggles wait for it. */
  busy: boolean;
  onDefaultChange: (makeDefault: boolean) => void;
  onRemove: () => void;
}

/** One saved card: brand, last 4, expiry (SPEC §9), the default mark and toggle, and Remove. */
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
            <Group gap={6} wrap="wrap">
              <Text fw={600}>
                {cardBrandName(card.brand)}{' '}
                <span style={{ whiteSpace: 'nowrap' }}>•••• {card.last4}</span>
              </Text>
              {isDefault && (
                <Badge size="sm" variant="light" tt="none">
                  Default
                </Badge>
              )}
            </Group>
            <Text size="sm" c={expired ? 'red.8' : 'dimmed'}>
              {expired ? `Expired ${expiry}` : `Expires ${expiry}`}
            </Text>
          </div>
        </Group>
        <Group gap="md" wrap="nowrap" ml="auto">
          <Switch
            label="Default"
            aria-label={`Default: ${name}`}
            checked={isDefault}
            disabled={busy}
            onChange={(event) => onDefaultChange(event.currentTarget.checked)}
          />
          <Tooltip label="Remove card" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              disabled={busy}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
