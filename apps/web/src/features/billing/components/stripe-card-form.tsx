import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Box, Input } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  AddressElement,
  CardElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
// The pure entry point inserts Stripe's script only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAddCard } from '../api/attach-payment-method.ts';
import {
  ADD_CARD_TITLE,
  CardFailureReason,
  MakeDefaultField,
} from './payment-method-dialog-parts.tsx';

const CARD_INCOMPLETE_MESSAGE = "Enter the card's number, expiry date and CVC.";
const STRIPE_UNAVAILABLE_MESSAGE =
  'The card form could not be loaded from Stripe. Check your connection and try again.';

// One Stripe.js instance per key for the page's life (Elements needs the same one every render).
// A failed load resolves to null (so neither Elements nor the dialog meets a rejection) and is
// forgotten, so the next opening tries again.
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripes.delete(publishableKey);
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps {
  publishableKey: string;
  onClose: () => void;
  firstCard: boolean;
}

/**
 * The Add card dialog when the server uses Stripe: Stripe's card and address elements (the card
 * never touches our server), `stripe.createPaymentMethod`, then the attach call. Mounted only
 * while the dialog is open, and loaded lazily, so Stripe.js is fetched only when a card is added.
 */
export default function StripeCardForm({
  publishableKey,
  onClose,
  firstCard,
}: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => current && setUnavailable(loaded === null));
    return () => {
      current = false;
    };
  }, [stripe]);
  return (
    <Elements stripe={stripe}>
      <StripeCardDialog onClose={onClose} firstCard={firstCard} unavailable={unavailable} />
    </Elements>
  );
}

interface StripeCardDialogProps {
  onClose: () => void;
  firstCard: boolean;
  unavailable: boolean;
}

function StripeCardDialog({ onClose, firstCard, unavailable }: StripeCardDialogProps) {
  const stripe = useStripe();
  const elements = useElements();
  const addCard = useAddCard();
  const [makeDefault, setMakeDefault] = useState(false);
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const cardLabelId = useId();
  const cardErrorId = useId();

  const close = () => {
    addCard.reset();
    onClose();
  };

  const submit = async () => {
    const card = elements?.getElement(CardElement);
    const address = elements?.getElement(AddressElement);
    if (!stripe || !card || !address) return;
    // Both are required (SPEC §4); the address element marks its own missing fields.
    const billing = await address.getValue();
    if (!cardComplete) setCardError((shown) => shown ?? CARD_INCOMPLETE_MESSAGE);
    if (!cardComplete || !billing.complete) return;
    const { name, address: billingAddress } = billing.value;
    // The card stays in Stripe's element: Stripe.js makes the method from it, we get its id.
    const createMethod = async () => {
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name, address: billingAddress },
      });
      if (result.error) throw new Error(result.error.message);
      return result.paymentMethod.id;
    };
    await addCard.add(createMethod, !firstCard && makeDefault, close);
  };

  const ready = stripe !== null && elements !== null;
  return (
    <FormDialog
      opened
      title={ADD_CARD_TITLE}
      submitLabel={ADD_CARD_TITLE}
      submitDisabled={!ready}
      dirty={dirty}
      busy={addCard.pending}
      onClose={close}
      onSubmit={(event?: FormEvent<HTMLFormElement>) => {
        event?.preventDefault();
        void submit();
      }}
    >
      {unavailable ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {STRIPE_UNAVAILABLE_MESSAGE}
        </Alert>
      ) : (
        <>
          {!ready && <PageLoader label="Loading the card form" />}
          <Input.Wrapper
            label="Card"
            required
            error={cardError}
            // Stripe's element is a frame, not an input a label can point at: the label names
            // the group around it instead, and the error describes it.
            labelElement="div"
            labelProps={{ id: cardLabelId }}
            errorProps={{ id: cardErrorId }}
          >
            <Box
              role="group"
              aria-labelledby={cardLabelId}
              aria-describedby={cardError ? cardErrorId : undefined}
              mt={4}
              p={10}
              style={{
                border: `1px solid ${cardError ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <CardElement
                options={{ hidePostalCode: true }}
                onChange={(event) => {
                  setDirty(true);
                  setCardComplete(event.complete);
                  setCardError(event.error?.message ?? null);
                }}
              />
            </Box>
          </Input.Wrapper>
          <AddressElement options={{ mode: 'billing' }} onChange={() => setDirty(true)} />
        </>
      )}
      <MakeDefaultField firstCard={firstCard} checked={makeDefault} onChange={setMakeDefault} />
      <CardFailureReason error={addCard.error} />
    </FormDialog>
  );
}
