import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADD_CARD_FAILED_MESSAGE,
  CARD_ADDED_MESSAGE,
  CARD_CREATION_FAILED_MESSAGE,
  DEFAULT_METHOD_CLEARED_MESSAGE,
  DEFAULT_METHOD_FAILED_MESSAGE,
  DEFAULT_METHOD_UPDATED_MESSAGE,
  type AttachMethodBody,
  type BillingMessageResponse,
} from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { showRequestError, showSuccess } from '../../../lib/notify.tsx';
import { CardNotAddedError, withMessage } from '../billing-settings-errors.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

function attachPaymentMethod(body: AttachMethodBody): Promise<BillingMessageResponse> {
  return apiClient.post<BillingMessageResponse>('/org/attach_billing_method', body);
}

type AttachNewCard = { methodId: string; setAsDefault: boolean };

/** The second step of adding a card; its failure toasts SPEC §8's 'Failed to add card.'. */
async function attachNewCard({ methodId, setAsDefault }: AttachNewCard) {
  try {
    return await attachPaymentMethod({ method_id: methodId, set_as_default: setAsDefault });
  } catch (error) {
    throw new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, error);
  }
}

/**
 * Adding a card (the Add card dialog), in two steps: the card provider makes the payment method
 * (Stripe.js, or test mode's call), then POST /api/org/attach_billing_method saves it for the
 * organisation (default when asked, or when it is the first) with 'Card added successfully.' and
 * a fresh list. Each step's failure toasts its SPEC §8 message and keeps the reason for the
 * dialog. The card's details go only to the first step, called here and then let go: the
 * mutation holds nothing but the method's id, and no cache time keeps even that.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  const attach = useMutation({
    mutationFn: attachNewCard,
    gcTime: 0,
    onSuccess: async () => {
      showSuccess(CARD_ADDED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: billingSettingsKeys.methods });
    },
  });
  const [creating, setCreating] = useState(false);
  const [creationError, setCreationError] = useState<CardNotAddedError | null>(null);

  const reset = () => {
    attach.reset();
    setCreationError(null);
  };
  /** Makes the method with `createMethod`, then attaches it; `onAdded` once it is saved. */
  const add = async (
    createMethod: () => Promise<string>,
    setAsDefault: boolean,
    onAdded: () => void,
  ) => {
    reset();
    setCreating(true);
    let methodId: string;
    try {
      methodId = await createMethod();
    } catch (error) {
      const failure = new CardNotAddedError(CARD_CREATION_FAILED_MESSAGE, error);
      showRequestError(failure);
      setCreationError(failure);
      return;
    } finally {
      setCreating(false);
    }
    attach.mutate({ methodId, setAsDefault }, { onSuccess: onAdded });
  };
  return {
    add,
    reset,
    pending: creating || attach.isPending,
    /** The last try's failure (a CardNotAddedError: its `reason` is shown in the dialog). */
    error: creationError ?? attach.error,
  };
}

type DefaultChange = { methodId: string; makeDefault: boolean };

/** A failure toasts SPEC §8's 'Failed to update default method.'. */
async function changeDefault({ methodId, makeDefault }: DefaultChange) {
  try {
    return await attachPaymentMethod({ method_id: methodId, set_as_default: makeDefault });
  } catch (error) {
    throw withMessage(error, DEFAULT_METHOD_FAILED_MESSAGE);
  }
}

/**
 * The default toggle of a saved card (SPEC §4): on makes it the default, off on the current
 * default clears it, both through POST /api/org/attach_billing_method.
 */
export function useChangeDefaultMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDefault,
    onSuccess: async (_response, { makeDefault }) => {
      showSuccess(makeDefault ? DEFAULT_METHOD_UPDATED_MESSAGE : DEFAULT_METHOD_CLEARED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: billingSettingsKeys.methods });
    },
  });
}
