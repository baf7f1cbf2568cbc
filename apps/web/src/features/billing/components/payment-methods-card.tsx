import { useRef, useState } from 'react';
import { Badge, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCardOff, IconPlus } from '@tabler/icons-react';
import {
  NO_PAYMENT_METHODS_MESSAGE,
  TEST_MODE_LABEL,
  formatCardExpiry,
  type PaymentMethod,
} from '@resonant/contracts/billing';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
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

  return (
    <SectionCard
      title={TITLE}
      padding="roomy"
      gap="md"
      titleAside={
        provider.data?.provider === 'local' && (
          <Badge color="orange" variant="light" tt="none">
            {TEST_MODE_LABEL}
          </Badge>
        )
      }
      description="Invoices are charged to the default card. If it is declined, the other cards are tried, newest first."
      actions={
        <Button
          ref={addCardButton}
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={!provider.data || methods.isPending || methods.isError}
          onClick={() => setAdding(true)}
        >
          Add card
        </Button>
      }
    >
      <div>
        <QueryContent
          query={methods}
          what="The payment methods"
          loading={<SkeletonRows height={66} />}
        >
          {() => (
            <SavedCards
              list={list}
              defaultId={defaultId}
              busy={busy}
              onDefaultChange={(methodId, makeDefault) =>
                changeDefault.mutate({ methodId, makeDefault })
              }
              onRemove={setRemoving}
            />
          )}
        </QueryContent>
        {provider.isError && (
          <LoadError
            what="The card form"
            onRetry={() => void provider.refetch()}
            retrying={provider.isFetching}
          />
        )}
      </div>
      {provider.data && (
        <AddCardDialog
          provider={provider.data}
          opened={adding}
          onClose={() => setAdding(false)}
          firstCard={list.length === 0}
        />
      )}
      <RemoveCardQuestion
        method={removing}
        consequence={removing && removalConsequence(removing.id === defaultId, list.length === 1)}
        loading={removeMethod.isPending}
        onClose={() => setRemoving(null)}
        onClosed={() => {
          if (removed.current) addCardButton.current?.focus();
          removed.current = false;
        }}
        onConfirm={(method) =>
          removeMethod.mutate(
            { method_id: method.id },
            {
              onSuccess: () => {
                removed.current = true;
              },
              onSettled: () => setRemoving(null),
            },
          )
        }
      />
    </SectionCard>
  );
}

interface SavedCardsProps {
  list: PaymentMethod[];
  defaultId: string | null;
  busy: boolean;
  onDefaultChange: (methodId: string, makeDefault: boolean) => void;
  onRemove: (method: PaymentMethod) => void;
}

/** The saved cards as a list, or what to do when there is none. */
function SavedCards({ list, defaultId, busy, onDefaultChange, onRemove }: SavedCardsProps) {
  if (list.length === 0) return <NoPaymentMethods />;
  return (
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
          onDefaultChange={(makeDefault) => onDefaultChange(method.id, makeDefault)}
          onRemove={() => onRemove(method)}
        />
      ))}
    </Stack>
  );
}

interface RemoveCardQuestionProps {
  /** The card asked about, or null while no question is open. */
  method: PaymentMethod | null;
  /** What removing it means for the invoices. */
  consequence: string | null;
  loading: boolean;
  onClose: () => void;
  onClosed: () => void;
  onConfirm: (method: PaymentMethod) => void;
}

/** Remove payment method?, naming the card and what removing it means. */
function RemoveCardQuestion({
  method,
  consequence,
  loading,
  onClose,
  onClosed,
  onConfirm,
}: RemoveCardQuestionProps) {
  return (
    <ConfirmDialog
      opened={method !== null}
      title="Remove payment method"
      message={
        method
          ? `Remove ${cardName(method.card)}, expiring ${formatCardExpiry(method.card.exp_month, method.card.exp_year)}?`
          : ''
      }
      details={
        consequence && (
          <Text size="sm" c="dimmed">
            {consequence}
          </Text>
        )
      }
      confirmLabel="Remove"
      loading={loading}
      onClose={onClose}
      onClosed={onClosed}
      onConfirm={() => method && onConfirm(method)}
    />
  );
}
