import { useRef, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCreditCardOff, IconPlus } from '@tabler/icons-react';
import {
  NO_PAYMENT_METHODS_MESSAGE,
  TEST_MODE_LABEL,
  formatCardExpiry,
  type PaymentMethod,
} from '@resonant/contracts/billing';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useChangeDefaultMethod } from '../api/attach-payment-method.ts';
import { useBillingProvider } from '../api/get-billing-provider.ts';
import { usePaymentMethods } from '../api/list-payment-methods.ts';
import { useRemovePaymentMethod } from '../api/remove-payment-method.ts';
import { cardName, removalConsequence } from '../payment-method-display.ts';
import { AddCardDialog } from './add-card-dialog.tsx';
import { PaymentMethodRow } from './payment-method-row.tsx';

const TITLE = 'Payment Methods';

function NoPaymentMethods() {
  return (
    <Stack align="center" gap={6} py="lg">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl">
        <IconCreditCardOff size={24} aria-hidden />
      </ThemeIcon>
      <Text fw={600}>{NO_PAYMENT_METHODS_MESSAGE}</Text>
      <Text size="sm" c="dimmed" ta="center">
        Add a card so invoices are paid when they are made.
      </Text>
    </Stack>
  );
}

/**
 * SPEC §2 'Payment Methods': the saved cards, the default first (SPEC §9 brand, last 4, expiry),
 * the default toggle (on makes a card the default, off clears it), Remove after a question that
 * names the card, and Add card.
 */
export function PaymentMethodsCard() {
  const methods = usePaymentMethods();
  const provider = useBillingProvider();
  const changeDefault = useChangeDefaultMethod();
  const removeMethod = useRemovePaymentMethod();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  // The removed card's row, and its Remove button that had the focus, are gone: Add card takes it.
  const addCardButton = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);

  const list = methods.data?.methods ?? [];
  const defaultId = methods.data?.current_method_id ?? null;
  const busy = changeDefault.isPending || removeMethod.isPending;

  let body;
  if (methods.isPending) {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton h={66} radius="md" />
        <Skeleton h={66} radius="md" />
      </Stack>
    );
  } else if (methods.isError) {
    body = (
      <LoadError
        what="The payment methods"
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  } else if (list.length === 0) {
    body = <NoPaymentMethods />;
  } else {
    body = (
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Saved cards"
      >
        {list.map((method) => (
          <PaymentMethodRow
            key={method.id}
            method={method}
            isDefault={method.id === defaultId}
            busy={busy}
            onDefaultChange={(makeDefault) =>
              changeDefault.mutate({ methodId: method.id, makeDefault })
            }
            onRemove={() => setRemoving(method)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={TITLE}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4">
              {TITLE}
            </Title>
            {provider.data?.provider === 'local' && (
              <Badge color="orange" variant="light" c="orange.9" tt="none">
                {TEST_MODE_LABEL}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Invoices are charged to the default card. If it is declined, the other cards are tried,
            newest first.
          </Text>
        </div>
        <Button
          ref={addCardButton}
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={!provider.data || methods.isPending || methods.isError}
          onClick={() => setAdding(true)}
        >
          Add card
        </Button>
      </Group>
      {body}
      {provider.isError && (
        <LoadError
          what="The card form"
          onRetry={() => void provider.refetch()}
          retrying={provider.isFetching}
        />
      )}
      {provider.data && (
        <AddCardDialog
          provider={provider.data}
          opened={adding}
          onClose={() => setAdding(false)}
          firstCard={list.length === 0}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove payment method"
        message={
          removing
            ? `Remove ${cardName(removing.card)}, expiring ${formatCardExpiry(removing.card.exp_month, removing.card.exp_year)}?`
            : ''
        }
        details={
          removing && (
            <Text size="sm" c="dimmed">
              {removalConsequence(removing.id === defaultId, list.length === 1)}
            </Text>
          )
        }
        confirmLabel="Remove"
        loading={removeMethod.isPending}
        onClose={() => setRemoving(null)}
        onClosed={() => {
          if (removed.current) addCardButton.current?.focus();
          removed.current = false;
        }}
        onConfirm={() =>
          removing &&
          removeMethod.mutate(
            { method_id: removing.id },
            {
              onSuccess: () => {
                removed.current = true;
              },
              onSettled: () => setRemoving(null),
            },
          )
        }
      />
    </Paper>
  );
}
