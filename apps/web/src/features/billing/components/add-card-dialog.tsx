import { lazy, Suspense, useState } from 'react';
import { Modal } from '@mantine/core';
import type { BillingProviderResponse } from '@resonant/contracts/billing';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAddCard } from '../api/attach-payment-method.ts';
import { createLocalPaymentMethod } from '../api/create-local-payment-method.ts';
import { LocalCardFields, localCardBodyOf, useLocalCardForm } from './local-card-form.tsx';
import {
  ADD_CARD_TITLE,
  CardFailureReason,
  MakeDefaultField,
} from './payment-method-dialog-parts.tsx';

// Stripe.js and its Elements are fetched only when the server takes cards through Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

interface AddCardDialogProps {
  provider: BillingProviderResponse;
  opened: boolean;
  onClose: () => void;
  /** No card is saved yet: the new one becomes the default, so the checkbox is not offered. */
  firstCard: boolean;
}

/**
 * 'Add card' (SPEC §2, §4): card and billing address, both required; test mode's own form, or
 * Stripe's card and address elements when the server uses Stripe.
 */
export function AddCardDialog({ provider, opened, onClose, firstCard }: AddCardDialogProps) {
  if (provider.provider === 'stripe') {
    return opened ? (
      <Suspense
        fallback={
          <Modal opened onClose={onClose} title={ADD_CARD_TITLE}>
            <PageLoader label="Loading the card form" />
          </Modal>
        }
      >
        <StripeCardForm
          publishableKey={provider.publishable_key}
          onClose={onClose}
          firstCard={firstCard}
        />
      </Suspense>
    ) : null;
  }
  return <LocalAddCardDialog opened={opened} onClose={onClose} firstCard={firstCard} />;
}

function LocalAddCardDialog({ opened, onClose, firstCard }: Omit<AddCardDialogProps, 'provider'>) {
  const addCard = useAddCard();
  const form = useLocalCardForm();
  const [makeDefault, setMakeDefault] = useState(false);
  const close = () => {
    form.reset();
    addCard.reset();
    setMakeDefault(false);
    onClose();
  };
  // The card is read from the form here and goes to the provider's step alone (useAddCard).
  const handleSubmit = form.onSubmit((values) => {
    const card = localCardBodyOf(values);
    void addCard.add(() => createLocalPaymentMethod(card), !firstCard && makeDefault, close);
  });
  return (
    <FormDialog
      opened={opened}
      title={ADD_CARD_TITLE}
      submitLabel={ADD_CARD_TITLE}
      dirty={form.isDirty()}
      busy={addCard.pending}
      onClose={close}
      onSubmit={handleSubmit}
    >
      <LocalCardFields form={form} />
      <MakeDefaultField firstCard={firstCard} checked={makeDefault} onChange={setMakeDefault} />
      <CardFailureReason error={addCard.error} />
    </FormDialog>
  );
}
